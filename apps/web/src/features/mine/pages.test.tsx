import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { agentStore, DEFAULT_AGENT } from '../../lib/agent';
import { clearDeviceCaches } from './device-cache';
import { confirm, toast } from '../../ui/dialogs';
import { renderScreen, resetStorage } from '../../test/screens';
import AboutUsScreen from './about-us-screen';
import CurrencyScreen, { CLEAR_CONFIRM } from './currency-screen';
import { RELEASES } from './releases';
import UpdateLogScreen from './update-log-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
vi.mock('./device-cache', async (orig) => ({
  ...(await orig<typeof import('./device-cache')>()),
  cacheFacts: vi.fn(async () => ({ questionSets: 3, keptFiles: 12, usageBytes: 5.5 * 1024 * 1024 })),
  clearDeviceCaches: vi.fn(async () => undefined),
}));
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  document.documentElement.removeAttribute('data-font-size');
  document.documentElement.removeAttribute('data-theme');
});

describe('/currency 通用设置', () => {
  it('night mode switches the theme at once and is kept on this device', async () => {
    renderScreen(<CurrencyScreen />, { path: '/currency' });
    await user().click(screen.getByRole('switch', { name: '夜间模式' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('nightMode')).toBe('1');
  });

  it('text size: 标准 / 大 / 特大, applied app-wide at once and kept', async () => {
    renderScreen(<CurrencyScreen />, { path: '/currency' });
    const group = screen.getByRole('radiogroup', { name: '字体大小' });
    expect(within(group).getByRole('radio', { name: '标准', checked: true })).toBeTruthy();
    await user().click(within(group).getByRole('radio', { name: '特大' }));
    expect(within(group).getByRole('radio', { name: '特大', checked: true })).toBeTruthy();
    expect(document.documentElement.getAttribute('data-font-size')).toBe('xlarge');
    expect(localStorage.getItem('fontSize')).toBe('xlarge');
    await user().click(within(group).getByRole('radio', { name: '标准' }));
    expect(document.documentElement.hasAttribute('data-font-size')).toBe(false);
  });

  it('video autoplay is on by default and can be turned off', async () => {
    renderScreen(<CurrencyScreen />, { path: '/currency' });
    const sw = screen.getByRole('switch', { name: /视频自动播放/ }) as HTMLInputElement;
    expect(sw.checked).toBe(true);
    await user().click(sw);
    expect(sw.checked).toBe(false);
    expect(localStorage.getItem('videoAutoplay')).toBe('0');
  });

  it('shows the cache and clears it after a confirm (the pending answers stay: docs/navigation.md)', async () => {
    renderScreen(<CurrencyScreen />, { path: '/currency' });
    expect(await screen.findByText('5.5 MB')).toBeTruthy();
    expect(screen.getByText('3 套')).toBeTruthy();
    expect(screen.getByText('12 项')).toBeTruthy();
    vi.mocked(confirm).mockResolvedValueOnce(false);
    await user().click(screen.getByRole('button', { name: '清理缓存' }));
    expect(clearDeviceCaches).not.toHaveBeenCalled();
    await user().click(screen.getByRole('button', { name: '清理缓存' }));
    expect(vi.mocked(confirm).mock.calls.at(-1)?.[0]).toEqual({ content: CLEAR_CONFIRM });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('缓存已清理'));
    expect(clearDeviceCaches).toHaveBeenCalledTimes(1);
  });
});

describe('/updateLog 更新日志', () => {
  it('lists the releases newest first with their notes and marks the running version', () => {
    renderScreen(<UpdateLogScreen />, { path: '/updateLog' });
    const items = within(screen.getByRole('list', { name: '版本更新记录' })).getAllByRole('heading', { level: 2 });
    expect(items.map((h) => h.textContent?.replace('当前版本', ''))).toEqual(RELEASES.map((r) => `v${r.version}`));
    expect(items[0]?.textContent).toContain('当前版本');
    expect(screen.getByText(RELEASES[0]!.notes[0]!)).toBeTruthy();
  });
});

describe('/aboutUs 关于我们', () => {
  it("shows the agent's store name, the version, the links and the agent's contacts", () => {
    agentStore.set({ ...DEFAULT_AGENT, AgentName: '示范代理', StoreName: '示范题库', TelePhone: '400-100-2000', QQ: '123456' });
    renderScreen(<AboutUsScreen />, { path: '/aboutUs' });
    expect(screen.getByRole('heading', { name: '示范题库' })).toBeTruthy();
    expect(screen.getByText(`版本 v${__APP_VERSION__}`)).toBeTruthy();
    expect(screen.getByText('示范代理')).toBeTruthy();
    expect(screen.getByRole('link', { name: '更新日志' }).getAttribute('href')).toBe('/updateLog');
    expect(screen.getByRole('link', { name: '用户协议与隐私政策' }).getAttribute('href')).toBe('/agreementList');
    expect(screen.getByRole('link', { name: '客服中心' }).getAttribute('href')).toBe('/customerService');
    expect(screen.getByRole('link', { name: '拨打' }).getAttribute('href')).toBe('tel:4001002000');
    expect(screen.getByText('123456')).toBeTruthy();
    agentStore.set(null);
  });
});
