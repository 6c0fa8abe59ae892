import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { call } from '../../api/client';
import { saveLogin } from '../../lib/session';
import { saveSelectedSubject } from '../../lib/subject';
import { callsTo, demoLogin, fakeApi, renderScreen, resetStorage, trialNursing } from '../../test/screens';
import { CONTROLS_HIDE_MS } from './components/player-controls';
import { VideoPlayer } from './components/player';
import type { LessonData } from './api';
import { VideoFeedbackScreen } from './feedback-screen';
import { VideoList } from './screens';
import { UpVideoScreen } from './up-video-screen';
import { PointsTab } from './video-study-screen';

vi.mock('../../api/client', async () => (await import('../../test/client-mock')).clientMock());
vi.mock('../../ui/dialogs');
// The player's saves go through the video outbox (IndexedDB): here only the player itself is seen.
vi.mock('../../lib/outbox/video', async (actual) => ({
  ...(await actual<typeof import('../../lib/outbox/video')>()),
  queueProgress: vi.fn(async () => undefined),
  flushProgress: vi.fn(async () => true),
}));
vi.mock('hls.js/light', () => ({ default: { isSupported: () => false } }));

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
      'video.appoint': (p) => ((appointed = Number(p.status) === 1), { videoID: 9, status: Number(p.status), appointedAt: appointed ? '2026-11-25T00:00:00.000Z' : null }),
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

describe('the lesson player', () => {
  const data = () =>
    ({
      lesson: { ...lesson(2), appID: 1001, chapterTitle: '第一章 生命体征', markers: [], points: [] },
      next: null,
      // The token is renewed 1 minute before it runs out: not within this test.
      play: { url: '/media/v/2/t/master.m3u8', poster: '', thumbnails: '', limitSeconds: 30, expiresAt: new Date(Date.now() + 600_000).toISOString() },
      access: { mode: 'preview', unlocking: [] },
      watermark: '139****0000',
    }) as LessonData;
  const proto = HTMLElement.prototype as { requestFullscreen?: unknown };

  it('has one set of controls, ours, inside the stage that goes full screen; the keyboard and a tap work them', () => {
    vi.useFakeTimers();
    const request = vi.fn(async () => undefined);
    const exit = vi.fn(async () => undefined);
    proto.requestFullscreen = request;
    Object.defineProperty(document, 'fullscreenEnabled', { value: true, configurable: true });
    Object.defineProperty(document, 'exitFullscreen', { value: exit, configurable: true });
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      render(<VideoPlayer data={data()} startAt={0} screen="videoStudy" onPreviewEnd={vi.fn()} onEnded={vi.fn()} />);
      const video = screen.getByTestId('lesson-video') as HTMLVideoElement;
      // No native controls beside ours.
      expect(video.hasAttribute('controls')).toBe(false);
      const stage = screen.getByRole('group', { name: /^视频播放器/ });
      const controls = screen.getByTestId('player-controls');
      expect(stage.contains(controls)).toBe(true);
      expect(
        within(controls)
          .getAllByRole('button')
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['播放', '静音', '全屏']);
      expect(within(controls).getByRole('combobox', { name: '播放倍速' })).toBeTruthy();
      expect(within(stage).getByText('试看0:30')).toBeTruthy();

      // The seek bar keeps to the preview.
      const seek = within(controls).getByRole('slider', { name: '播放进度' });
      fireEvent.change(seek, { target: { value: '60' } });
      expect(video.currentTime).toBe(29.5);

      // 全屏 takes the stage (video, watermark and these controls), never the bare video.
      fireEvent.click(within(controls).getByRole('button', { name: '全屏' }));
      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.contexts[0]).toBe(stage);
      Object.defineProperty(document, 'fullscreenElement', { value: stage, configurable: true });
      act(() => void document.dispatchEvent(new Event('fullscreenchange')));
      expect(within(controls).getByRole('button', { name: '退出全屏' })).toBeTruthy();
      // The keyboard of the stage: F leaves full screen, space plays.
      stage.focus();
      fireEvent.keyDown(stage, { key: 'f' });
      expect(exit).toHaveBeenCalledTimes(1);
      fireEvent.keyDown(stage, { key: ' ' });
      expect(play).toHaveBeenCalledTimes(1);

      // Playing, they fade 3 s after the last touch; a tap on the video brings them back.
      stage.blur();
      act(() => void video.dispatchEvent(new Event('play')));
      expect(within(controls).getByRole('button', { name: '暂停' })).toBeTruthy();
      expect(controls.dataset.shown).toBe('true');
      act(() => void vi.advanceTimersByTime(CONTROLS_HIDE_MS));
      expect(controls.dataset.shown).toBe('false');
      fireEvent.pointerDown(video, { pointerType: 'touch' });
      fireEvent.click(video);
      expect(controls.dataset.shown).toBe('true');
    } finally {
      delete proto.requestFullscreen;
      for (const k of ['fullscreenEnabled', 'exitFullscreen', 'fullscreenElement']) delete (document as unknown as Record<string, unknown>)[k];
    }
  });
});
