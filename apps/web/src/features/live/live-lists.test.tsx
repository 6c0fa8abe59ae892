import { LIVE_MSG } from '@kaoshi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { liveCourseItem, liveItem, liveLists } from '../../test/fixtures/live';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { LiveBroadcastScreen } from './broadcast-screen';
import { LiveCalendarScreen } from './calendar-screen';
import { LiveIntroduceNewScreen } from './courses-screen';
import { HotLiveScreen } from './hot-screen';
import { LiveListScreen } from './list-screen';
import { chinaMonth } from './live-format';
import { MyLiveReservationScreen } from './mine-screens';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();
const articles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

describe('/livelist', () => {
  it('shows 直播中, 即将开始 and 往期回放 with their badges, and the notice of a booked session about to start', async () => {
    const lists = liveLists({
      live: [liveItem(1, { status: 1, startsIn: -10, title: '体温专题' })],
      upcoming: [liveItem(2, { startsIn: 10, reserved: true, title: '给药专题', free: true }), liveItem(3, { title: '护理伦理' })],
      replays: [liveItem(4, { status: 3, startsIn: -3000, title: '心电图' }), liveItem(5, { status: 2, startsIn: -200, title: '输液' })],
    });
    fakeApi(callMock, { 'live.list': () => lists });
    const view = renderScreen(<LiveListScreen />, { path: '/livelist' });
    const live = await screen.findByRole('region', { name: '直播中' });
    expect(articles(live)).toEqual(['体温专题']);
    expect(within(within(live).getByRole('article')).getByText('直播中')).toBeTruthy();
    const soon = screen.getByRole('region', { name: '即将开始' });
    expect(articles(soon)).toEqual(['给药专题', '护理伦理']);
    expect(within(soon).getAllByText('预告')).toHaveLength(2);
    expect(within(soon).getByText('公开课')).toBeTruthy();
    const past = screen.getByRole('region', { name: '往期回放' });
    expect(articles(past)).toEqual(['心电图', '输液']);
    expect(within(past).getByText('回放')).toBeTruthy();
    expect(within(past).getByText('已结束')).toBeTruthy();
    expect(within(past).getByRole('link', { name: '看回放' }).getAttribute('href')).toBe('/livereview?liveID=4');
    // Booked and starting within 15 minutes: the notice with 进入直播间.
    const notice = screen.getByRole('region', { name: '开播提醒' });
    expect(within(notice).getByText(/你预约的《给药专题》/)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: '进入直播间' }).getAttribute('href')).toBe('/liveroom?liveID=2');
    expect(callsTo(callMock, 'live.list')).toEqual([{ appID: 1001 }]);
    // The header's links.
    const nav = screen.getByRole('navigation', { name: '直播导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/liveCalendar', '/hotMylive', '/myLiveReservation', '/myLiveCollection', '/liveIntroduceNew', '/liveBroadcast']);
    // A card opens the detail and says where it was opened from.
    await user().click(within(soon).getByRole('link', { name: /护理伦理/ }));
    expect(view.where()).toBe('/livedetail?liveID=3');
    expect(callsTo(callMock, 'tracking.liveClick')).toEqual([expect.objectContaining({ FuncPoint: 'list', LiveID: 3, AppID: 1001, LiveName: '护理伦理' })]);
  });

  it('books a session (status 1) and cancels it (status 0); the button follows', async () => {
    let reserved = false;
    fakeApi(callMock, {
      'live.list': () => liveLists({ upcoming: [liveItem(3, { title: '护理伦理', reserved })] }),
      'video.appoint': (p) => ((reserved = Number(p.status) === 1), { videoID: 3, status: Number(p.status), appointedAt: reserved ? new Date().toISOString() : null }),
    });
    renderScreen(<LiveListScreen />, { path: '/livelist' });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '预约《护理伦理》' }));
    await u.click(await screen.findByRole('button', { name: '取消预约《护理伦理》' }));
    expect(await screen.findByRole('button', { name: '预约《护理伦理》' })).toBeTruthy();
    expect(callsTo(callMock, 'video.appoint')).toEqual([
      { appID: 1001, videoID: 3, status: 1 },
      { appID: 1001, videoID: 3, status: 0 },
    ]);
    expect(toast).toHaveBeenCalledWith(LIVE_MSG.booked);
    expect(toast).toHaveBeenCalledWith(LIVE_MSG.cancelled);
  });

  it("a subject without sessions: '内容更新中，敬请期待～'", async () => {
    fakeApi(callMock, { 'live.list': () => liveLists() });
    renderScreen(<LiveListScreen />, { path: '/livelist', url: '/livelist?appID=1002' });
    expect(await screen.findByText('内容更新中，敬请期待～')).toBeTruthy();
    expect(callsTo(callMock, 'live.list')).toEqual([{ appID: 1002 }]);
  });
});

describe('/liveCalendar', () => {
  it('marks the days with sessions, lists a tapped day and loads the next month', async () => {
    const month = chinaMonth(Date.now());
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    fakeApi(callMock, {
      'live.calendar': (p) => ({
        month: p.month,
        days: p.month === month ? [{ date: `${month}-10`, items: [liveItem(5, { title: '循环系统' })] }] : [{ date: `${next}-03`, items: [liveItem(6), liveItem(7)] }],
      }),
    });
    renderScreen(<LiveCalendarScreen />, { path: '/liveCalendar' });
    expect(await screen.findByTestId(`mark-${month}-10`)).toBeTruthy();
    expect(screen.getByText('本月共 1 场直播，带圆点的日期有直播')).toBeTruthy();
    const u = user();
    await u.click(screen.getByRole('button', { name: `${m}月10日，1场直播` }));
    const day = screen.getByRole('region', { name: `${m}月10日的直播` });
    expect(articles(day)).toEqual(['循环系统']);
    await u.click(screen.getByRole('button', { name: '下个月' }));
    expect(await screen.findByTestId(`mark-${next}-03`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: `${Number(next.slice(0, 4))}年${Number(next.slice(5))}月` })).toBeTruthy();
    expect(callsTo(callMock, 'live.calendar')).toEqual([
      { appID: 1001, month },
      { appID: 1001, month: next },
    ]);
  });
});

describe('the other lists', () => {
  it('/myLiveReservation: coming then past; 取消预约 from here', async () => {
    let reserved = true;
    fakeApi(callMock, {
      'live.reservations': () => ({
        upcoming: reserved ? [liveItem(8, { title: '呼吸系统', reserved: true })] : [],
        past: [liveItem(9, { status: 3, startsIn: -3000, reserved: true, title: '消化系统' })],
      }),
      'video.appoint': (p) => ((reserved = Number(p.status) === 1), { videoID: 8, status: Number(p.status), appointedAt: null }),
    });
    renderScreen(<MyLiveReservationScreen />, { path: '/myLiveReservation' });
    const soon = await screen.findByRole('region', { name: '即将开始' });
    expect(articles(soon)).toEqual(['呼吸系统']);
    expect(articles(screen.getByRole('region', { name: '已结束' }))).toEqual(['消化系统']);
    await user().click(within(soon).getByRole('button', { name: '取消预约《呼吸系统》' }));
    expect(await screen.findByText('没有即将开始的预约')).toBeTruthy();
    expect(callsTo(callMock, 'video.appoint')).toEqual([{ appID: 1001, videoID: 8, status: 0 }]);
  });

  it('/hotMylive: ranked, with the viewers', async () => {
    fakeApi(callMock, {
      'live.hot': () => ({
        list: [
          { ...liveItem(1, { title: '甲' }), viewers: 1200 },
          { ...liveItem(2, { title: '乙' }), viewers: 30 },
        ],
      }),
    });
    renderScreen(<HotLiveScreen />, { path: '/hotMylive' });
    const list = await screen.findByRole('list', { name: '热门直播' });
    expect(articles(list)).toEqual(['甲', '乙']);
    expect(within(list).getByLabelText('第1名')).toBeTruthy();
    expect(within(list).getByText('1200 人观看')).toBeTruthy();
  });

  it('/liveBroadcast: live now and within 24 hours across my subjects, each with its subject', async () => {
    fakeApi(callMock, {
      'live.broadcast': () => ({
        live: [{ ...liveItem(1, { status: 1, startsIn: -5 }), appName: '护士执业资格' }],
        soon: [{ ...liveItem(2, { appID: 1002, startsIn: 120 }), appName: '护师' }],
      }),
    });
    renderScreen(<LiveBroadcastScreen />, { path: '/liveBroadcast' });
    expect(within(await screen.findByRole('region', { name: '正在直播' })).getByText('护士执业资格')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '24小时内开播' })).getByText('护师')).toBeTruthy();
  });

  it('/liveIntroduceNew: the courses with teacher, sessions and the next one; a tap opens the course', async () => {
    fakeApi(callMock, { 'live.courses': () => ({ list: [liveCourseItem(4, { next: liveItem(7, { title: '下一讲' }) }), liveCourseItem(5, { title: '基础课', next: null })] }) });
    const view = renderScreen(<LiveIntroduceNewScreen />, { path: '/liveIntroduceNew' });
    const first = await screen.findByRole('button', { name: /护考冲刺直播课/ });
    expect(first.textContent).toContain('主讲：王老师 · 共 3 场');
    expect(first.textContent).toContain('下一讲');
    expect(screen.getByRole('button', { name: /基础课/ }).textContent).toContain('暂无排期');
    await user().click(first);
    await waitFor(() => expect(view.where()).toBe('/liveCourseList?courseID=4'));
  });
});
