import type { UnlockingVersion } from '@kaoshi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../api/client';
import { agentStore, DEFAULT_AGENT } from '../lib/agent';
import { saveLogin } from '../lib/session';
import { demoLogin, fakeApi, renderScreen, resetStorage } from '../test/screens';
import { UnlockPanel } from './unlock-panel';

vi.mock('../api/client', async () => (await import('../test/client-mock')).clientMock());

const callMock = call as unknown as Mock;
const vip: UnlockingVersion = { vn: '2', vname: 'VIP班' };
const top: UnlockingVersion = { vn: '3', vname: '至尊班' };
const flags = (f: Partial<typeof DEFAULT_AGENT.Flags>) => agentStore.set({ ...DEFAULT_AGENT, Flags: { ...DEFAULT_AGENT.Flags, ...f } });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  fakeApi(callMock, {});
});

describe('the unlock panel of a product page', () => {
  it('shows the class, the prompt text, the versions and the relogin hint; 去开通 goes to /buyApp', async () => {
    const { where } = renderScreen(<UnlockPanel current="试用版" versions={[vip, top]} />, { path: '/AICorePay' });
    const panel = screen.getByRole('region', { name: '开通班次' });
    expect(panel.textContent).toContain('当前班次：试用版');
    expect(panel.textContent).toContain('开通以下任一班次可使用该功能');
    expect(within(panel).getByRole('list', { name: '可开通的班次' }).textContent).toBe('VIP班至尊班');
    expect(panel.textContent).toContain('如果您已经购买，请重新登录');
    await userEvent.setup().click(screen.getByRole('button', { name: '去开通' }));
    expect(where()).toBe('/buyApp?moduleType=dialog');
  });

  it('an agent that does not sell in the app (buyDisabled, customStyle) or no version to buy: the contact text, no button', () => {
    for (const f of [{ buyDisabled: true }, { customStyle: true }]) {
      flags(f);
      const view = renderScreen(<UnlockPanel current="试用版" versions={[vip]} />, { path: '/grabPoint' });
      expect(screen.getByRole('region', { name: '开通班次' }).textContent).toContain('该功能需联系客服购买后方可使用');
      expect(screen.queryByRole('button', { name: '去开通' })).toBeNull();
      view.unmount();
    }
    agentStore.set(null);
    renderScreen(<UnlockPanel current="试用版" versions={[]} />, { path: '/lnztjpay' });
    expect(screen.getByText('该功能需联系客服购买后方可使用')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去开通' })).toBeNull();
  });
});
