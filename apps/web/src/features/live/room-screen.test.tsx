import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_MSG } from '@kaoshi/contract';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData } from '../../test/screens';
import { card, FakeSocket, frame, item, msg, roomReply, welcome } from './live-harness';
import { LiveRoomScreen } from './room-screen';

vi.mock('../../api/client', async () => ({ ...(await import('../../test/client-mock')).clientMock(), baseUrl: () => '' }));
vi.mock('../../ui/dialogs');
vi.mock('./components/live-player', () => ({ LivePlayer: ({ play }: { play: { url: string } }) => <div data-testid="player">{play.url}</div> }));

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

async function enter(reply: ReplyData<'live.room'> = roomReply(), url = '/liveroom?liveID=5', welcomeOver: Record<string, unknown> = {}) {
  fakeApi(callMock, { 'live.room': () => reply, 'live.answer': (p) => ({ cardID: Number(p.cardID), choice: p.choice, card: card(Number(p.cardID)) }) });
  const view = renderScreen(<LiveRoomScreen />, { path: '/liveroom', url });
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  const ws = FakeSocket.last();
  act(() => {
    ws.open();
    ws.receive(welcome(welcomeOver));
  });
  return { ...view, ws, push: (f: Parameters<FakeSocket['receive']>[0]) => act(() => ws.receive(f)) };
}

describe('/liveroom', () => {
  it('opens the socket with liveID and guid, records the visit, plays the stream and shows online and likes', async () => {
    const { ws } = await enter();
    const url = new URL(ws.url);
    expect(url.pathname).toBe('/api/live/ws');
    expect(url.searchParams.get('liveID')).toBe('5');
    expect(url.searchParams.get('guid')).toBe(demoLogin.guid);
    expect(ws.sent[0]).toEqual({ t: 'hello', since: 0 });
    expect(callsTo(callMock, 'live.record')).toEqual([{ appID: 1001, liveID: 5 }]);
    expect(screen.getByTestId('player').textContent).toContain('/media/l/5/tok1/index.m3u8');
    expect(screen.getByText('12人在线')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^点赞/ }).textContent).toContain('3');
  });

  it('sends a chat message within the width limit; the frame shows it, host lines marked 主讲, deleted ones vanish, the notice on top', async () => {
    const { ws, push } = await enter();
    const input = screen.getByLabelText('聊天内容');
    await user().type(input, '老师好');
    expect(screen.getByLabelText('字数').textContent).toContain('6/120');
    await user().click(screen.getByRole('button', { name: '发送' }));
    expect(ws.frames('say')).toEqual([{ t: 'say', text: '老师好' }]);
    expect((input as HTMLInputElement).value).toBe('');
    push(frame({ messages: [msg(1, { name: '王老师', text: '开始上课', host: true }), msg(2, { name: '小明', text: '老师好', mine: true })], pinned: '今晚讲体温' }));
    const lines = screen.getByRole('list', { name: '聊天消息' });
    expect(within(lines).getByText('主讲')).toBeTruthy();
    expect(within(lines).getByText('老师好')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('公告今晚讲体温');
    push(frame({ deleted: [2] }));
    expect(within(lines).queryByText('老师好')).toBeNull();
  });

  it('cuts typing at the width limit (a Chinese character counts 2)', async () => {
    await enter();
    const input = screen.getByLabelText('聊天内容');
    await user().click(input);
    await user().paste('考'.repeat(70));
    expect((input as HTMLInputElement).value).toBe('考'.repeat(60));
    expect(screen.getByLabelText('字数').textContent).toContain('120/120');
  });

  it('shows an error frame as a toast; muted, the input is disabled and says 你已被禁言', async () => {
    const { push } = await enter();
    push({ t: 'error', msg: LIVE_MSG.tooFast });
    expect(toast).toHaveBeenCalledWith(LIVE_MSG.tooFast);
    push({ t: 'error', msg: LIVE_MSG.muted });
    const input = screen.getByLabelText('聊天内容');
    expect((input as HTMLButtonElement).disabled).toBe(true);
    expect(input.getAttribute('placeholder')).toBe(LIVE_MSG.muted);
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a welcome with a mute still running disables the input', async () => {
    await enter(roomReply(), '/liveroom?liveID=5', { mutedUntil: new Date(Date.now() + 600_000).toISOString() });
    expect((screen.getByLabelText('聊天内容') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a pushed card slides up; answering calls liveAnswer once; closed, it shows the answer, my result and the class', async () => {
    const { push } = await enter();
    push(frame({ cards: [card(9)] }));
    const sheet = screen.getByRole('dialog', { name: '随堂测验' });
    await user().click(within(sheet).getByRole('button', { name: /36\.5℃/ }));
    expect(await within(sheet).findByText('已作答：B，等待老师公布答案')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /35℃/ })).toBeNull();
    expect(callsTo(callMock, 'live.answer')).toEqual([{ liveID: 5, cardID: 9, choice: 'B' }]);
    push(frame({ cards: [card(9, { state: 'closed', answer: 'B', explanation: '36.3–37.2℃', results: { total: 4, correct: 3, counts: { A: 1, B: 3 } } })] }));
    const result = screen.getByRole('dialog', { name: '答题结果' });
    expect(within(result).getByText('正确答案：B')).toBeTruthy();
    expect(within(result).getByText('我的答案：B，回答正确')).toBeTruthy();
    expect(within(result).getByText('4人作答，正确率 75%')).toBeTruthy();
    expect(within(result).getByLabelText('3人选择')).toBeTruthy();
    expect(callsTo(callMock, 'live.answer')).toHaveLength(1);
    await user().click(within(result).getByRole('button', { name: '收起' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an answer the server refuses is a toast', async () => {
    const { push } = await enter();
    fakeApi(callMock, { 'live.answer': () => fail(400, LIVE_MSG.cardClosed) });
    push(frame({ cards: [card(9)] }));
    await user().click(within(screen.getByRole('dialog')).getByRole('button', { name: /35℃/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(LIVE_MSG.cardClosed));
  });

  it('before the start: the start time and a countdown, chat open; at status 1 it asks the room again and plays', async () => {
    const before = roomReply({ item: item({ status: 0, startsAt: new Date(Date.now() + 3_600_000).toISOString() }), play: null });
    const { push } = await enter(before, '/liveroom?liveID=5', { status: 0 });
    expect(screen.getByText('直播尚未开始')).toBeTruthy();
    expect(screen.getByText(/^距开播 00:5\d:\d\d$/)).toBeTruthy();
    expect((screen.getByLabelText('聊天内容') as HTMLButtonElement).disabled).toBe(false);
    fakeApi(callMock, { 'live.room': () => roomReply() });
    push(frame({ status: 1 }));
    expect(await screen.findByTestId('player')).toBeTruthy();
    expect(callsTo(callMock, 'live.room')).toHaveLength(2);
  });

  it('after the end: 直播已结束 and the replay link when it is ready', async () => {
    const { push } = await enter();
    push(frame({ status: 3 }));
    expect(screen.getByText('直播已结束')).toBeTruthy();
    expect(screen.getByRole('link', { name: '观看回放' }).getAttribute('href')).toBe('/livereview?liveID=5');
    // The chat is closed (the server refuses it too): the messages stay, the input goes.
    expect(screen.getByText('直播已结束，聊天已关闭')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '聊天内容' })).toBeNull();
  });

  it('a third-party session goes to /cczbPage', async () => {
    fakeApi(callMock, { 'live.room': () => roomReply({ external: 'https://view.csslcloud.net/x', play: null }) });
    const view = renderScreen(<LiveRoomScreen />, { path: '/liveroom', url: '/liveroom?liveID=5' });
    await waitFor(() => expect(view.where()).toBe('/cczbPage?liveID=5'));
  });

  it('a learner without the version sees the buy prompt', async () => {
    fakeApi(callMock, { 'live.room': () => fail(403, '开通以下任一班次可使用该功能') });
    renderScreen(<LiveRoomScreen />, { path: '/liveroom', url: '/liveroom?liveID=5' });
    expect(await screen.findByText('开通以下任一班次可使用直播课')).toBeTruthy();
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('host link: 删除 and 禁言 on messages, 置顶公告, writing a card, 推送 and 结束答题 as socket frames', async () => {
    const { ws, push } = await enter(roomReply({ host: true }), '/liveroom?liveID=5&host=KEY9', { host: true });
    expect(new URL(ws.url).searchParams.get('host')).toBe('KEY9');
    expect(callsTo(callMock, 'live.room')[0]).toEqual({ liveID: 5, host: 'KEY9' });
    push(frame({ messages: [msg(3, { name: '小红', text: '加微信' })] }));
    await user().click(screen.getByRole('button', { name: '删除小红的消息' }));
    expect(ws.frames('delete')).toEqual([{ t: 'delete', id: 3 }]);
    await user().click(screen.getByRole('button', { name: '禁言小红' }));
    await user().click(screen.getByRole('button', { name: '1小时' }));
    expect(ws.frames('mute')).toEqual([{ t: 'mute', userId: 103, minutes: 60 }]);

    await user().click(screen.getByRole('tab', { name: '主持' }));
    await user().type(screen.getByLabelText('置顶公告'), '课后有回放');
    await user().click(screen.getByRole('button', { name: '置顶' }));
    expect(ws.frames('pin')).toEqual([{ t: 'pin', text: '课后有回放' }]);

    const form = screen.getByRole('form', { name: '新建题卡' });
    await user().type(within(form).getByLabelText('题干'), '成人正常体温？');
    for (const [k, v] of [
      ['A', '35℃'],
      ['B', '36.5℃'],
      ['C', '38℃'],
      ['D', '40℃'],
    ])
      await user().type(within(form).getByLabelText(`选项${k}`), v!);
    await user().selectOptions(within(form).getByRole('combobox'), 'B');
    await user().click(within(form).getByRole('button', { name: '保存题卡' }));
    expect(ws.frames('card')).toEqual([{ t: 'card', stem: '成人正常体温？', options: ['35℃', '36.5℃', '38℃', '40℃'], answer: 'B', explanation: '' }]);

    push(frame({ cards: [card(9, { state: 'ready', answer: 'B', second: null })] }));
    await user().click(screen.getByRole('button', { name: '推送' }));
    expect(ws.frames('push')).toEqual([{ t: 'push', cardId: 9 }]);
    push(frame({ cards: [card(9, { state: 'open', answer: 'B', results: { total: 2, correct: 1, counts: { A: 1, B: 1 } } })] }));
    expect(screen.getByText(/答题中 · 答案 B · 2人作答 · 正确率 50%/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user().click(screen.getByRole('button', { name: '结束答题' }));
    expect(ws.frames('close')).toEqual([{ t: 'close', cardId: 9 }]);
  });
});
