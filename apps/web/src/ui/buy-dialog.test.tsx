import type { UnlockingVersion } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../api/client';
import { agentStore, DEFAULT_AGENT } from '../lib/agent';
import { saveLogin } from '../lib/session';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage } from '../test/screens';
import { BuyDialog } from './buy-dialog';
import { buyAppPath } from './buy-flow';
import { ClassicBuyPrompt } from './buy-prompt';

vi.mock('../api/client', async () => (await import('../test/client-mock')).clientMock());

const callMock = call as unknown as Mock;
const vip: UnlockingVersion = { vn: '2', vname: 'VIP班' };
const top: UnlockingVersion = { vn: '3', vname: '至尊班' };

function Harness({ versions, appointedVn, fromVideo }: { versions: UnlockingVersion[]; appointedVn?: string; fromVideo?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <BuyDialog open={open} versions={versions} appointedVn={appointedVn} fromVideo={fromVideo} onClose={() => setOpen(false)} />
    </>
  );
}

const flags = (f: Partial<typeof DEFAULT_AGENT.Flags>) => agentStore.set({ ...DEFAULT_AGENT, Flags: { ...DEFAULT_AGENT.Flags, ...f } });

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  agentStore.set(null);
  fakeApi(callMock, {});
});

describe('buy dialog: where 去购买 leads (spec §4)', () => {
  it('posSlide: the one matching version, an appointed one, none for several', () => {
    expect(buyAppPath([vip])).toBe('/buyApp?moduleType=dialog&posSlide=2');
    expect(buyAppPath([vip, top], '3')).toBe('/buyApp?moduleType=dialog&posSlide=3');
    expect(buyAppPath([], '2')).toBe('/buyApp?moduleType=dialog&posSlide=2');
    expect(buyAppPath([vip, top])).toBe('/buyApp?moduleType=dialog');
    expect(buyAppPath([])).toBe('/buyApp?moduleType=dialog');
  });

  it('one matching version: /buyApp?moduleType=dialog&posSlide=<vn>', async () => {
    const { where } = renderScreen(<Harness versions={[vip]} />, { path: '/videoList' });
    await userEvent.setup().click(within(screen.getByRole('dialog')).getByRole('button', { name: '去购买' }));
    await waitFor(() => expect(where()).toBe('/buyApp?moduleType=dialog&posSlide=2'));
  });

  it('takes the focus when it opens and closes with Escape (a click is recorded)', async () => {
    renderScreen(<Harness versions={[vip]} />, { path: '/videoList' });
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(callMock, 'tracking.userclick').map((p) => p.btnName)).toEqual(['购买弹窗-关闭']);
  });

  it('an appointed version wins over several', async () => {
    const { where } = renderScreen(<Harness versions={[vip, top]} appointedVn="3" />, { path: '/videoList' });
    await userEvent.setup().click(screen.getByRole('button', { name: '去购买' }));
    await waitFor(() => expect(where()).toBe('/buyApp?moduleType=dialog&posSlide=3'));
  });

  it('several versions: no posSlide', async () => {
    const { where } = renderScreen(<Harness versions={[vip, top]} />, { path: '/videoList' });
    await userEvent.setup().click(screen.getByRole('button', { name: '去购买' }));
    await waitFor(() => expect(where()).toBe('/buyApp?moduleType=dialog'));
  });

  it('a custom-style agent: 去购买 only closes', async () => {
    flags({ customStyle: true });
    const { where } = renderScreen(<Harness versions={[vip]} />, { path: '/videoList' });
    await userEvent.setup().click(screen.getByRole('button', { name: '去购买' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(where()).toBe('/videoList');
  });

  it('a buy-disabled agent: the dialog does not open', () => {
    flags({ buyDisabled: true });
    renderScreen(<Harness versions={[vip]} fromVideo />, { path: '/videoList' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closing records a click (userclick btnName 购买弹窗-关闭)', async () => {
    renderScreen(<Harness versions={[vip]} />, { path: '/videoList' });
    await userEvent.setup().click(screen.getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(callMock, 'tracking.userclick').map((p) => p.btnName)).toEqual(['购买弹窗-关闭']);
  });

  it('opened from a video: tells the iOS shell to stop the video', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('webkit', { messageHandlers: { ksbao: { postMessage } } });
    renderScreen(<Harness versions={[vip]} fromVideo />, { path: '/videoList' });
    expect(postMessage).toHaveBeenCalledWith({ action: 'stopVideo' });
  });
});

describe('classic buy prompt', () => {
  it("a centred modal: '当前班次：', the versions, 去开通 / 取消 and the re-login hint", async () => {
    const { where } = renderScreen(<ClassicBuyPrompt open currentName="基础班" versions={[top]} onClose={() => undefined} />, {
      path: '/videoList',
    });
    const d = screen.getByRole('dialog', { name: '提示' });
    expect(d.textContent).toContain('当前班次：基础班');
    expect(d.textContent).toContain('开通以下任一班次可使用该功能');
    expect(d.textContent).toContain('如果您已经购买，请重新登录');
    await userEvent.setup().click(within(d).getByRole('button', { name: '去开通' }));
    await waitFor(() => expect(where()).toBe('/buyApp?moduleType=dialog&posSlide=3'));
  });

  it('a buy-disabled agent: 去开通 leads nowhere', async () => {
    flags({ buyDisabled: true });
    const { where } = renderScreen(<ClassicBuyPrompt open currentName="基础班" versions={[top]} onClose={() => undefined} />, {
      path: '/videoList',
    });
    await userEvent.setup().click(screen.getByRole('button', { name: '去开通' }));
    expect(where()).toBe('/videoList');
  });
});

describe('version names', () => {
  it('drop the simulated-exam marker _MNDB for display', async () => {
    const { versionLabel } = await import('./buy-flow');
    expect(versionLabel('考前模拟_MNDB')).toBe('考前模拟');
    expect(versionLabel('VIP班')).toBe('VIP班');
  });
});
