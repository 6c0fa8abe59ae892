import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { VideoFeedbackScreen } from './feedback-screen';
import { VideoList } from './screens';
import { UpVideoScreen } from './up-video-screen';
import { PointsTab } from './video-study-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');

const callMock = call as unknown as Mock;
const user = () => userEvent.setup();

beforeEach(() => {
  resetStorage();
  saveLogin(demoLogin);
  saveSelectedSubject(trialNursing);
});

const teacher = { id: 3, name: '王老师', title: '主管护师' };
const lesson = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  title: `第${id}课`,
  courseId: 1,
  courseTitle: '核心考点精讲',
  durationS: 90,
  free: false,
  previewSeconds: 30,
  teacher,
  publishedAt: '2026-11-20T02:00:00.000Z',
  upcoming: false,
  progress: null,
  ...over,
});
const course = (lessons: ReturnType<typeof lesson>[]) => ({
  id: 1,
  appID: 1001,
  title: '核心考点精讲',
  introduction: '',
  teacher,
  level: null,
  lessonCount: lessons.length,
  durationS: 270,
  completedCount: 1,
  learners: 5,
  publishedAt: '2026-11-20T02:00:00.000Z',
  chapters: [{ id: 1, title: '第一章 生命体征', lessons }],
});

describe('video screens', () => {
  it('/videoList: lessons with length, teacher, my progress and what a trial learner may play; a tap opens the player', async () => {
    const done = { position: 80, watchedS: 85, percent: 94, completed: true, updatedAt: '2026-11-24T00:00:00.000Z' };
    const half = { position: 40, watchedS: 40, percent: 44, completed: false, updatedAt: '2026-11-25T00:00:00.000Z' };
    const lessons = [lesson(1, { free: true, progress: done }), lesson(2, { progress: half }), lesson(3, { previewSeconds: 0 }), lesson(4, { upcoming: true })];
    fakeApi(callMock, { 'video.courselist': () => ({ courses: [course(lessons)], recent: lessons[1], hasVideo: true, full: false, unlocking: [{ vn: '2', vname: 'VIP班' }] }) });
    const view = renderScreen(<VideoList />, { path: '/videoList' });
    const chapter = await screen.findByRole('region', { name: '第一章 生命体征' });
    const rows = within(chapter).getAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([
      '第1课1:30 · 王老师 · 已学完已学完',
      '第2课1:30 · 王老师 · 已学44%试看',
      '第3课1:30 · 王老师需开通',
      '第4课1:30 · 王老师 · 2026-11-20 上线即将上线',
    ]);
    expect(within(screen.getByRole('region', { name: '最近观看' })).getByRole('button').textContent).toContain('第2课');
    expect(screen.getByText('试用版可观看免费课程，其余课程可试看开头部分')).toBeTruthy();
    await user().click(rows[1]!);
    expect(view.where()).toBe('/videoStudy?lessonID=2');
    expect(callsTo(callMock, 'video.courselist')).toEqual([{ appID: 1001, level: undefined }]);
  });

  it('/upVideo: books an upcoming lesson (status 1) and cancels it (status 0)', async () => {
    let appointed = false;
    fakeApi(callMock, {
      'video.latest': () => ({ list: [lesson(1)], upcoming: [{ ...lesson(9, { upcoming: true }), appointed }] }),
      'video.appoint': (p) => ((appointed = p.status === 1), { videoID: 9, status: p.status, appointedAt: appointed ? '2026-11-25T00:00:00.000Z' : null }),
    });
    renderScreen(<UpVideoScreen />, { path: '/upVideo' });
    const soon = await screen.findByRole('region', { name: '即将上线' });
    await user().click(within(soon).getByRole('button', { name: '预约' }));
    expect(await within(soon).findByRole('button', { name: '取消预约' })).toBeTruthy();
    await user().click(within(soon).getByRole('button', { name: '取消预约' }));
    expect(await within(soon).findByRole('button', { name: '预约' })).toBeTruthy();
    expect(callsTo(callMock, 'video.appoint')).toEqual([
      { appID: 1001, videoID: 9, status: 1 },
      { appID: 1001, videoID: 9, status: 0 },
    ]);
  });

  it('/videoFeedback: a kind is needed, then the report goes with the text and the second', async () => {
    fakeApi(callMock, { 'video.feedback': () => ({ id: 5, msg: '感谢反馈，我们会尽快处理' }) });
    renderScreen(<VideoFeedbackScreen />, { path: '/videoFeedback', url: '/videoFeedback?lessonID=7&t=65', before: ['/videoStudy?lessonID=7'] });
    const send = screen.getByRole('button', { name: '提交' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('播放位置 1:05')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '声音问题' }));
    await user().type(screen.getByRole('textbox', { name: '问题描述' }), '没有声音');
    await user().click(send);
    await vi.waitFor(() => expect(callsTo(callMock, 'video.feedback')).toEqual([{ lessonID: 7, kind: '声音问题', text: '没有声音', second: 65 }]));
  });
});

describe('/videoStudy 要点 tab', () => {
  it("links each of the lesson's knowledge points to its page (summary, handout passage, questions, cards)", async () => {
    const data = {
      lesson: {
        markers: [{ second: 0, title: '开场' }],
        points: [
          { pointId: 5, name: '体温的正常值', from: 10, to: 60 },
          { pointId: 6, name: '常见热型', from: 60, to: 120 },
          { pointId: 5, name: '体温的正常值', from: 200, to: 230 },
        ],
      },
    } as unknown as Parameters<typeof PointsTab>[0]['data'];
    const seek = vi.fn();
    renderScreen(<PointsTab data={data} onSeek={seek} />, { path: '/videoStudy', url: '/videoStudy?lessonID=2' });
    const links = screen.getAllByRole('link', { name: /^知识点：/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/knowlegeInContent?point=${encodeURIComponent('体温的正常值')}`,
      `/knowlegeInContent?point=${encodeURIComponent('常见热型')}`,
    ]);
  });
});
