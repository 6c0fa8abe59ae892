import { LIVE_MSG, type LiveItem } from '@kaoshi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { toast } from '../../ui/dialogs';
import { liveDetail, liveItem } from '../../test/fixtures/live';
import { dayName, hm } from './live-format';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing, shellHandlers } from '../../test/screens';
import { CczbScreen } from './cczb-screen';
import { LiveCourseListScreen } from './course-screen';
import { LiveDetailScreen, LiveIntroductionScreen } from './detail-screen';
import { MyLiveCollectionScreen } from './mine-screens';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();
const unlocking = [{ vn: '3', vname: '至尊班' }];

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const showDetail = (item: LiveItem, over: Parameters<typeof liveDetail>[1] = {}) => {
  fakeApi(callMock, { ...shellHandlers(), 'live.detail': () => liveDetail(item, over) });
  return renderScreen(<LiveDetailScreen />, { path: '/livedetail', url: `/livedetail?liveID=${item.id}` });
};

describe('/livedetail', () => {
  it.each([
    ['live now', liveItem(1, { status: 1, startsIn: -10 }), '进入直播间', '/liveroom?liveID=1'],
    ['scheduled, within 30 minutes of the start', liveItem(1, { startsIn: 20 }), '进入直播间', '/liveroom?liveID=1'],
    ['with a replay', liveItem(1, { status: 3, startsIn: -3000 }), '观看回放', '/livereview?liveID=1'],
    ['a third-party session live now', liveItem(1, { status: 1, startsIn: -10, provider: 'cc' }), '进入直播间', '/cczbPage?liveID=1'],
    ['a third-party replay', liveItem(1, { status: 3, startsIn: -3000, provider: 'cc' }), '观看回放', '/cczbPage?liveID=1'],
  ])('the main button of a session %s', async (_, item, label, href) => {
    showDetail(item);
    expect((await screen.findByRole('link', { name: label })).getAttribute('href')).toBe(href);
  });

  it('ended without a replay yet: 回放生成中, disabled', async () => {
    showDetail(liveItem(1, { status: 2, startsIn: -200 }));
    expect(((await screen.findByRole('button', { name: '回放生成中' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: '进入直播间' })).toBeNull();
  });

  it('scheduled later: 预约 is the main button, then 取消预约; 添加到日历 downloads the .ics', async () => {
    let reserved = false;
    fakeApi(callMock, {
      ...shellHandlers(),
      'live.detail': () => liveDetail(liveItem(1, { startsIn: 600, reserved })),
      'video.appoint': (p) => ((reserved = Number(p.status) === 1), { videoID: 1, status: Number(p.status), appointedAt: null }),
    });
    renderScreen(<LiveDetailScreen />, { path: '/livedetail', url: '/livedetail?liveID=1' });
    const u = user();
    await u.click(await screen.findByRole('button', { name: '预约《第1讲 直播》' }));
    expect(await screen.findByRole('button', { name: '取消预约《第1讲 直播》' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(LIVE_MSG.booked);
    // It starts in 600 minutes: the room opens 570 minutes from now, said as a day and a China time.
    // (The fixture was made a moment ago: its minute or the one before.)
    const opens = (late: number) => new Date(Date.now() + (570 - late) * 60_000).toISOString();
    const said = [0, 1].map((late) => `直播间 ${dayName(opens(late))} ${hm(opens(late))} 开放（开播前 30 分钟可进入）`);
    expect(said).toContain(screen.getByText(/^直播间 .+ 开放（开播前 30 分钟可进入）$/).textContent);
    expect(screen.getByRole('link', { name: /添加到日历/ }).getAttribute('href')).toBe('/media/l/1/tok/live.ics');
    expect(screen.queryByRole('link', { name: '进入直播间' })).toBeNull();
    await u.click(screen.getByRole('button', { name: '取消预约《第1讲 直播》' }));
    expect(await screen.findByRole('button', { name: '预约《第1讲 直播》' })).toBeTruthy();
    expect(callsTo(callMock, 'video.appoint').map((p) => p.status)).toEqual([1, 0]);
  });

  it('not allowed: the buy prompt with the unlocking versions instead of 进入直播间; booking stays possible', async () => {
    showDetail(liveItem(1, { startsIn: 20 }), { access: { allowed: false, unlocking } });
    const panel = await screen.findByRole('region', { name: '开通班次' });
    expect(within(panel).getByText('至尊班')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '进入直播间' })).toBeNull();
    expect(screen.getByRole('button', { name: '预约《第1讲 直播》' })).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '开通后观看' }));
    const prompt = await screen.findByRole('dialog');
    expect(within(prompt).getByText('开通以下任一班次可使用该功能')).toBeTruthy();
    expect(within(prompt).getByText('试用版')).toBeTruthy();
  });

  it('a replay not allowed: 开通后观看, no 观看回放', async () => {
    showDetail(liveItem(1, { status: 3, startsIn: -3000 }), { access: { allowed: false, unlocking } });
    expect(await screen.findByRole('button', { name: '开通后观看' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '观看回放' })).toBeNull();
  });

  it('收藏 from the detail, then removed from /myLiveCollection', async () => {
    let collected = false;
    const item = () => liveItem(1, { startsIn: 600, collected, title: '体温专题' });
    fakeApi(callMock, {
      ...shellHandlers(),
      'live.detail': () => liveDetail(item()),
      'live.collections': () => ({ list: collected ? [item()] : [] }),
      'live.collect': (p) => ((collected = p.status === 1), { liveID: 1, collected }),
    });
    const detail = renderScreen(<LiveDetailScreen />, { path: '/livedetail', url: '/livedetail?liveID=1' });
    await user().click(await screen.findByRole('button', { name: '收藏《体温专题》' }));
    expect(await screen.findByRole('button', { name: '已收藏《体温专题》，点按取消收藏' })).toBeTruthy();
    detail.unmount();
    renderScreen(<MyLiveCollectionScreen />, { path: '/myLiveCollection' });
    const region = await screen.findByRole('region', { name: '收藏的直播' });
    await user().click(within(region).getByRole('button', { name: '已收藏《体温专题》，点按取消收藏' }));
    expect(await screen.findByText('还没有收藏直播')).toBeTruthy();
    expect(callsTo(callMock, 'live.collect')).toEqual([
      { liveID: 1, status: 1 },
      { liveID: 1, status: 0 },
    ]);
  });
});

describe('/liveIntroduction and /liveCourseList', () => {
  it("/liveIntroduction: the teacher's profile and the course's Markdown introduction, with the course's sessions", async () => {
    fakeApi(callMock, { ...shellHandlers(), 'live.detail': () => liveDetail(liveItem(1)) });
    renderScreen(<LiveIntroductionScreen />, { path: '/liveIntroduction', url: '/liveIntroduction?liveID=1' });
    const teacher = await screen.findByRole('region', { name: '讲师介绍' });
    expect(within(teacher).getByText('十年护考辅导经验。')).toBeTruthy();
    const course = screen.getByRole('region', { name: '课程介绍' });
    expect(within(course).getByRole('heading', { name: '课程亮点' })).toBeTruthy();
    expect(within(course).getByText('生命体征').tagName).toBe('MARK');
    expect(within(course).getByRole('link', { name: '本课程全部 3 场直播' }).getAttribute('href')).toBe('/liveCourseList?courseID=1');
    expect(screen.getByRole('link', { name: '去预约' }).getAttribute('href')).toBe('/livedetail?liveID=1');
  });

  it('/liveCourseList: the course header and its sessions in order', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'live.course': () => ({
        course: { id: 1, appID: 1001, title: '护考冲刺直播课', summary: '串讲', teacher: null, sessions: 2, next: null, introduction: '**重点**' },
        sessions: [liveItem(1, { status: 3, startsIn: -3000, title: '一' }), liveItem(2, { title: '二' })],
      }),
    });
    renderScreen(<LiveCourseListScreen />, { path: '/liveCourseList', url: '/liveCourseList?courseID=1' });
    const list = await screen.findByRole('region', { name: '课程安排' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['一', '二']);
    expect(screen.getByText('重点').tagName).toBe('STRONG');
    expect(callsTo(callMock, 'live.course')).toEqual([{ courseID: 1 }]);
  });
});

describe('/cczbPage', () => {
  const room = (item: LiveItem, external: string | null) => ({ item, play: null, external, socket: '', host: false, pinned: '', online: 0, likes: 0, cards: [], myAnswers: {} });

  it("plays the provider's player in a sandboxed frame, with 在浏览器中打开; the visit is recorded", async () => {
    const url = 'https://view.csslcloud.net/api/view/index?roomid=R1';
    fakeApi(callMock, { ...shellHandlers(), 'live.room': () => room(liveItem(9, { provider: 'cc', status: 1, startsIn: -5, title: '合作直播' }), url) });
    renderScreen(<CczbScreen />, { path: '/cczbPage', url: '/cczbPage?liveID=9' });
    const frame = await screen.findByTitle('合作直播（合作平台播放器）');
    expect(frame.getAttribute('src')).toBe(url);
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(frame.getAttribute('allow')).toBe('autoplay; fullscreen');
    expect(screen.getByRole('link', { name: '在浏览器中打开' }).getAttribute('href')).toBe(url);
    expect(callsTo(callMock, 'live.record')).toEqual([{ appID: 1001, liveID: 9 }]);
  });

  it('403: the buy prompt', async () => {
    fakeApi(callMock, {
      ...shellHandlers(),
      'live.room': () => {
        throw new ApiError(403, '开通以下任一班次可使用该功能', { unlocking }, 'reply');
      },
    });
    renderScreen(<CczbScreen />, { path: '/cczbPage', url: '/cczbPage?liveID=9' });
    expect(await screen.findByText('开通以下任一班次可使用直播课堂')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByText('至尊班')).toBeTruthy();
  });
});
