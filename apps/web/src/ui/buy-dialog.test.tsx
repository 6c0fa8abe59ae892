import type { DataOf, PriceItem, pricelist, UnlockingVersion } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../api/client';
import { agentStore, DEFAULT_AGENT } from '../lib/agent';
import { saveLogin } from '../lib/session';
import { saveSelectedSubject } from '../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../test/screens';
import { BuyDialog } from './buy-dialog';
import { buyAppPath } from './buy-flow';
import { ClassicBuyPrompt, SheetBuyPrompt } from './buy-prompt';

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

describe('lock sheet (the sheet prompt of a locked item)', () => {
  const item = (vn: string, vname: string, price: number, originalPrice: number): PriceItem => ({
    vn,
    vname,
    vnorder: Number(vn),
    price,
    originalPrice,
    validityDays: 365,
    group: 0,
    modules: [{ id: 'video', name: '视频精讲' }],
    isVip: 0,
    heldUntil: null,
  });
  const prices: DataOf<typeof pricelist> = {
    appID: 1001,
    appName: '护士执业资格',
    items: [item('1', '基础班', 19800, 29800), item('2', 'VIP班', 39800, 59800), item('3', '至尊班', 69800, 69800)],
    books: [],
    payTypes: ['sandbox'],
    customPayUrl: null,
    buyDisabled: false,
  };

  it("shows each version that unlocks the item with its price, list price and validity from the subject's price list (/buyapp's data)", async () => {
    saveSelectedSubject(trialNursing);
    fakeApi(callMock, { 'shop.pricelist': () => prices });
    renderScreen(<SheetBuyPrompt open currentName="试用版" versions={[vip, top]} onClose={() => undefined} />, { path: '/homePage' });
    const sheet = screen.getByRole('dialog', { name: '开通班次' });
    const vipCard = await within(sheet).findByTestId('unlock-2');
    await waitFor(() => expect(within(vipCard).getByText('¥398.00')).toBeTruthy());
    expect(within(vipCard).getByText('¥598.00').tagName).toBe('S');
    expect(vipCard.textContent).toContain('有效期 365 天');
    // No list price when it is the price; no card for a version that does not unlock the item.
    const topCard = within(sheet).getByTestId('unlock-3');
    expect(within(topCard).getByText('¥698.00')).toBeTruthy();
    expect(topCard.querySelector('s')).toBeNull();
    expect(within(sheet).queryByText('¥198.00')).toBeNull();
    expect(callsTo(callMock, 'shop.pricelist')[0]).toMatchObject({ appID: 1001 });
  });

  it('a version not on sale here shows without a price', async () => {
    saveSelectedSubject(trialNursing);
    fakeApi(callMock, { 'shop.pricelist': () => ({ ...prices, items: prices.items.filter((i) => i.vn !== '3') }) });
    renderScreen(<SheetBuyPrompt open currentName="试用版" versions={[vip, top]} onClose={() => undefined} />, { path: '/homePage' });
    await waitFor(() => expect(screen.getByText('¥398.00')).toBeTruthy());
    expect(screen.getByTestId('unlock-3').textContent).toBe('VIP至尊班');
  });
});

describe('version names', () => {
  it('drop the simulated-exam marker _MNDB for display', async () => {
    const { versionLabel } = await import('./buy-flow');
    expect(versionLabel('考前模拟_MNDB')).toBe('考前模拟');
    expect(versionLabel('VIP班')).toBe('VIP班');
  });
});
