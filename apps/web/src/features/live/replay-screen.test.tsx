import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fail, fakeApi, renderScreen, resetStorage, trialNursing, type ReplyData } from '../../test/screens';
import type { LivePlayerProps } from './components/live-player';
import { card, item, msg } from './live-harness';
import { LiveReplayScreen, timeline, visibleCount } from './replay-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

/** The fake player: the test moves its playhead; a seek from the screen moves it too. */
const player = vi.hoisted(() => ({ onTime: null as ((s: number) => void) | null, seeks: [] as number[], url: '' }));
vi.mock('./components/live-player', () => ({
  LivePlayer: ({ play, onTime, control }: LivePlayerProps) => {
    player.onTime = onTime ?? null;
    player.url = play.url;
    if (control)
      control.current = {
        seek: (s: number) => {
          player.seeks.push(s);
          onTime?.(s);
        },
        time: () => 0,
      };
    return <div data-testid="player" />;
  },
}));

const callMock = call as unknown as Mock;
const playhead = (s: number) => act(() => player.onTime?.(s));

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
  player.seeks = [];
});

const closed = card(9, {
  state: 'closed',
  second: 750,
  answer: 'B',
  explanation: '36.3–37.2℃',
  results: { total: 10, correct: 8, counts: { A: 2, B: 8 } },
});
const replay: ReplyData<'live.replay'> = {
  item: item({ status: 3, statusText: '回放' }),
  play: { url: '/media/l/5/tok1/replay/index.m3u8', expiresAt: '2099-01-01T00:00:00.000Z' },
  durationS: 3600,
  messages: [msg(1, { second: 5, text: '老师好' }), msg(2, { second: 60, text: '开始了' }), msg(3, { second: 800, text: '懂了' })],
  cards: [closed, card(10, { state: 'ready', second: null })],
  myAnswers: { '9': 'A' },
};

describe('/livereview', () => {
  it('shows the chat as the video plays; seeking back hides later lines, forward shows them', async () => {
    fakeApi(callMock, { 'live.replay': () => replay });
    renderScreen(<LiveReplayScreen />, { path: '/livereview', url: '/livereview?liveID=5' });
    await screen.findByTestId('player');
    expect(player.url).toBe('/media/l/5/tok1/replay/index.m3u8');
    expect(callsTo(callMock, 'live.record')).toEqual([{ appID: 1001, liveID: 5 }]);
    const list = screen.getByRole('list', { name: '回放聊天' });
    expect(within(list).queryByText('老师好')).toBeNull();
    playhead(5.4);
    expect(within(list).getByText('老师好')).toBeTruthy();
    expect(within(list).queryByText('开始了')).toBeNull();
    playhead(801);
    expect(within(list).getByText('开始了')).toBeTruthy();
    expect(within(list).getByText('懂了')).toBeTruthy();
    // The card at 12:30 between them, closed: the answer, my result and the class's.
    const at = within(list).getByLabelText('题卡 12:30');
    expect(within(at).getByText('正确答案：B')).toBeTruthy();
    expect(within(at).getByText('我的答案：A，回答错误')).toBeTruthy();
    expect(within(at).getByText('10人作答，正确率 80%')).toBeTruthy();
    expect(within(at).getByText('解析：36.3–37.2℃')).toBeTruthy();
    expect(within(at).queryByRole('button')).toBeNull();
    playhead(30);
    expect(within(list).getByText('老师好')).toBeTruthy();
    expect(within(list).queryByText('开始了')).toBeNull();
    expect(within(list).queryByLabelText('题卡 12:30')).toBeNull();
  });

  it('lists the cards’ moments as chips that jump there', async () => {
    fakeApi(callMock, { 'live.replay': () => replay });
    renderScreen(<LiveReplayScreen />, { path: '/livereview', url: '/livereview?liveID=5' });
    const chips = await screen.findByRole('list', { name: '题卡时刻' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['题卡 12:30']);
    await userEvent.setup().click(within(chips).getByRole('button', { name: '题卡 12:30' }));
    expect(player.seeks).toEqual([750]);
    expect(within(screen.getByRole('list', { name: '回放聊天' })).getByLabelText('题卡 12:30')).toBeTruthy();
  });

  it('a learner without the version sees the buy prompt', async () => {
    fakeApi(callMock, { 'live.replay': () => fail(403, '开通以下任一班次可使用该功能') });
    renderScreen(<LiveReplayScreen />, { path: '/livereview', url: '/livereview?liveID=5' });
    await waitFor(() => expect(screen.getByText('开通以下任一班次可使用直播课')).toBeTruthy());
  });

  it('orders the timeline by second, a card after the messages of its second', () => {
    const t = timeline([msg(4, { second: 750 }), msg(2, { second: 10 })], [closed]);
    expect(t.map((e) => (e.kind === 'msg' ? `m${e.m.id}` : `c${e.card.id}`))).toEqual(['m2', 'm4', 'c9']);
    expect(visibleCount(t, 9)).toBe(0);
    expect(visibleCount(t, 10)).toBe(1);
    expect(visibleCount(t, 750)).toBe(3);
  });
});
