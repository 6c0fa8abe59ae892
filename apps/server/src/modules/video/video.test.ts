import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, VIDEO_MSG, VIDEO_NOTE_MSG, videoCalls as v, videoNoteCalls as n } from '@kaoshi/contract';
import { knowledgePoints, questionPoints, lessonMarkers, lessonPoints, teachers, videoChapters, videoCourses, videoLessons, videoReports } from '../../db/schema/index.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { runReports } from '../../cli/reports.ts';
import { VIDEO_REPORTS_PER_HOUR } from './service.ts';

let t: TestApp;
let dir: string;
const L = { free: 0, paid: 0, closed: 0, soon: 0, ej: 0 };
let teacherId = 0;
let pointId = 0;
const DAY = 86_400_000;

const PLAYLIST = ['#EXTM3U', '#EXT-X-TARGETDURATION:4', ...[0, 1, 2, 3, 4].flatMap((i) => ['#EXTINF:4.000000,', `seg-0000${i}.ts`]), '#EXT-X-ENDLIST', ''].join('\n');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'video-calls-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
  const now = new Date(t.clock.now);
  const [teacher] = await t.db
    .insert(teachers)
    .values({ key: 't-wang', name: '王老师', title: '主管护师', introduction: '十年临床带教。', appIds: [1001] })
    .returning();
  teacherId = teacher!.id;
  const [main] = await t.db.insert(videoCourses).values({ key: 'main', appId: 1001, title: '核心考点精讲', teacherId, publishedAt: now }).returning();
  const [ej] = await t.db.insert(videoCourses).values({ key: 'ej', appId: 1001, title: '考前串讲', level: 1, sort: 1, publishedAt: now }).returning();
  const [ch1] = await t.db.insert(videoChapters).values({ courseId: main!.id, title: '生命体征' }).returning();
  const [ch2] = await t.db.insert(videoChapters).values({ courseId: ej!.id, title: '串讲' }).returning();
  const row = (key: string, chapterId: number, over: Partial<typeof videoLessons.$inferInsert> = {}) => ({
    key,
    chapterId,
    title: key,
    teacherId,
    durationS: 20,
    previewSeconds: 8,
    mediaKey: `1001/${key}`,
    mediaVersion: 1,
    renditions: ['360p'],
    publishedAt: now,
    ...over,
  });
  const rows = await t.db
    .insert(videoLessons)
    .values([
      row('free', ch1!.id, { free: true, sort: 0 }),
      row('paid', ch1!.id, { sort: 1 }),
      row('closed', ch1!.id, { previewSeconds: 0, sort: 2 }),
      row('soon', ch1!.id, { sort: 3, publishedAt: new Date(t.clock.now + 2 * DAY) }),
      row('ej', ch2!.id),
    ])
    .returning({ id: videoLessons.id, key: videoLessons.key });
  for (const r of rows) L[r.key as keyof typeof L] = r.id;
  const [point] = await t.db
    .select()
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.appId, 1001), eq(knowledgePoints.code, 'a-tiwen-zhengchang')));
  pointId = point!.id;
  await t.db.insert(lessonMarkers).values({ lessonId: L.paid, second: 4, title: '口温' });
  await t.db.insert(lessonPoints).values({ lessonId: L.paid, pointId, fromS: 4, toS: 12 });
  for (const key of ['free', 'paid']) {
    const base = join(dir, `1001/${key}/v1`);
    mkdirSync(join(base, '360p'), { recursive: true });
    writeFileSync(join(base, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=765600\n360p/index.m3u8\n');
    writeFileSync(join(base, '360p/index.m3u8'), PLAYLIST);
  }
  t.forgetCaches();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const trial = () => t.register(nextPhone());
async function paid() {
  const l = await t.register(nextPhone());
  await t.grant(l.userID, 1001, { vn: '2', vnOrder: 2 });
  return l;
}

describe('video lists', () => {
  it('lists the main courses by chapter with lengths, teacher and free flags; level=1 the second-level ones', async () => {
    const { guid } = await trial();
    const r = await t.call(v.videoCourselist, { guid, appID: 1001 });
    expect(r.status).toBe(200);
    const [course] = r.data.courses;
    expect([r.data.courses.length, course.title, course.teacher.name, course.lessonCount, course.durationS, r.data.hasVideo, r.data.recent]).toEqual([
      1,
      '核心考点精讲',
      '王老师',
      3,
      60,
      true,
      null,
    ]);
    expect(course.chapters[0].lessons.map((l: { title: string; free: boolean; upcoming: boolean }) => [l.title, l.free, l.upcoming])).toEqual([
      ['free', true, false],
      ['paid', false, false],
      ['closed', false, false],
      ['soon', false, true],
    ]);
    expect([r.data.full, r.data.unlocking.map((u: { vn: string }) => u.vn)]).toEqual([false, ['2', '3']]);
    const ej = await t.call(v.videoCourselist, { guid, appID: 1001, level: 1 });
    expect(ej.data.courses.map((c: { title: string }) => c.title)).toEqual(['考前串讲']);
    expect((await t.call(v.videoCourselist, { guid, appID: 999_999 })).status).toBe(404);
  });

  it('sorts all courses by learners (hot) and filters by teacher', async () => {
    const { guid } = await paid();
    await t.call(v.videoProgress, { guid, lessonID: L.ej, position: 3, ranges: '0-3', at: 1 });
    const hot = await t.call(v.videoAllcourses, { guid, appID: 1001, videoSort: 'hot' });
    expect(hot.data.courses.map((c: { title: string }) => c.title)).toEqual(['考前串讲', '核心考点精讲']);
    expect(hot.data.teachers).toEqual([{ id: teacherId, name: '王老师', title: '主管护师' }]);
    const mine = await t.call(v.videoAllcourses, { guid, appID: 1001, teacherID: teacherId });
    expect(mine.data.courses.length).toBe(2);
    expect((await t.call(v.videoAllcourses, { guid, appID: 1001, videoSort: 'nope' })).msg).toBe('排序格式不正确');
  });
});

describe('the lesson call: the one decision per lesson, and its token', () => {
  it('gives a trial learner a free lesson whole, a paid one as its preview, and no token for one without preview', async () => {
    const { guid } = await trial();
    const free = await t.call(v.videoLesson, { guid, lessonID: L.free });
    expect([free.status, free.data.access.mode, free.data.play.limitSeconds]).toEqual([200, 'full', 0]);
    const preview = await t.call(v.videoLesson, { guid, lessonID: L.paid });
    expect([preview.data.access.mode, preview.data.play.limitSeconds, preview.data.access.unlocking.map((u: { vn: string }) => u.vn)]).toEqual(['preview', 8, ['2', '3']]);
    expect(preview.data.lesson.markers).toEqual([{ second: 4, title: '口温' }]);
    expect(preview.data.lesson.points).toEqual([{ pointId, name: '体温的正常值', from: 4, to: 12 }]);
    expect(preview.data.watermark).toMatch(/^1\d{2}\*{4}\d{4}$/);
    // The preview token opens a playlist cut at the limit (8 s: the segments starting at 0 and 4).
    const list = await t.app.inject({ url: preview.data.play.url.replace('master.m3u8', '360p/index.m3u8') });
    expect([list.statusCode, (list.body.match(/seg-/g) ?? []).length]).toEqual([200, 2]);
    const closed = await t.call(v.videoLesson, { guid, lessonID: L.closed });
    expect([closed.status, closed.msg, closed.data.unlocking.length]).toEqual([403, MSG.buyAny, 2]);
    expect((await t.call(v.videoLesson, { guid, lessonID: L.soon })).msg).toBe(VIDEO_MSG.notYet);
    expect((await t.call(v.videoLesson, { guid, lessonID: 999_999 })).status).toBe(404);
    expect((await t.call(v.videoLesson, { lessonID: L.free })).status).toBe(401);
  });

  it('gives a learner holding a version with video every lesson whole, the next lesson, and a working playlist', async () => {
    const { guid } = await paid();
    const r = await t.call(v.videoLesson, { guid, lessonID: L.paid });
    expect([r.data.access.mode, r.data.play.limitSeconds, r.data.next.title]).toEqual(['full', 0, 'closed']);
    const master = await t.app.inject({ url: r.data.play.url });
    expect([master.statusCode, master.body]).toEqual([200, expect.stringContaining('360p/index.m3u8')]);
    expect((await t.call(v.videoLesson, { guid, lessonID: L.closed })).data.access.mode).toBe('full');
  });
});

describe('progress', () => {
  it('merges watched seconds (a replay adds nothing), keeps the newest position, and completes only at 90 % watched', async () => {
    const { guid } = await paid();
    const save = (position: number, ranges: string, at: number) => t.call(v.videoProgress, { guid, lessonID: L.paid, position, ranges, at });
    expect((await save(10, '0-10', 100)).data).toMatchObject({ position: 10, watchedS: 10, percent: 50, completed: false });
    expect((await save(10, '0-10', 100)).data).toMatchObject({ position: 10, watchedS: 10 });
    // A seek to the end adds no seconds: not completed.
    expect((await save(19, '', 200)).data).toMatchObject({ position: 19, watchedS: 10, completed: false });
    // An older save (a late replay from another device) does not move the position back.
    expect((await save(3, '2-4', 150)).data).toMatchObject({ position: 19, watchedS: 10 });
    expect((await save(18, '8-18', 300)).data).toMatchObject({ position: 18, watchedS: 18, percent: 90, completed: true });
    const list = await t.call(v.videoCourselist, { guid, appID: 1001 });
    expect([list.data.recent.title, list.data.full]).toEqual(['paid', true]);
    expect(list.data.courses[0].completedCount).toBe(1);
    const lesson = await t.call(v.videoLesson, { guid, lessonID: L.paid });
    expect(lesson.data.lesson.progress).toMatchObject({ position: 18, completed: true });
  });

  it('cuts a trial learner’s seconds at the preview, refuses bad ranges in Chinese, and keeps progress to its learner', async () => {
    const { guid } = await trial();
    expect((await t.call(v.videoProgress, { guid, lessonID: L.paid, position: 8, ranges: '0-20', at: 1 })).data).toMatchObject({ watchedS: 8, completed: false });
    for (const ranges of ['5-3', '0-99999', 'a-b', '1-2,'])
      expect((await t.call(v.videoProgress, { guid, lessonID: L.paid, position: 1, ranges, at: 2 })).msg).toBe('观看区间格式不正确');
    expect((await t.call(v.videoProgress, { guid, lessonID: L.closed, position: 1, ranges: '0-1', at: 2 })).status).toBe(403);
    const other = await trial();
    expect((await t.call(v.videoCourselist, { guid: other.guid, appID: 1001 })).data.recent).toBe(null);
    expect((await t.call(v.videoHistory, { guid, appID: 1001 })).data.list.map((l: { title: string }) => l.title)).toEqual(['paid']);
    expect((await t.call(v.videoHistory, { guid: other.guid, appID: 1001 })).data.list).toEqual([]);
  });
});

describe('latest, appointments, teachers, feedback', () => {
  it('lists the lessons of the last 30 days and the upcoming one, which a learner books once and cancels', async () => {
    const { guid } = await trial();
    const latest = await t.call(v.videoLatest, { guid, appID: 1001 });
    expect(latest.data.list.length).toBe(4);
    expect(latest.data.upcoming.map((l: { title: string; appointed: boolean }) => [l.title, l.appointed])).toEqual([['soon', false]]);
    const book = () => t.call(v.videoAppoint, { guid, appID: 1001, videoID: L.soon, status: 1 });
    const first = await book();
    expect([first.data.status, first.data.appointedAt]).toEqual([1, new Date(t.clock.now).toISOString()]);
    t.clock.advance(60_000);
    expect((await book()).data.appointedAt).toBe(first.data.appointedAt);
    expect((await t.call(v.videoLatest, { guid, appID: 1001 })).data.upcoming[0].appointed).toBe(true);
    expect((await t.call(v.videoAppoint, { guid, appID: 1001, videoID: L.soon, status: 0 })).data).toEqual({ videoID: L.soon, status: 0, appointedAt: null });
    expect((await t.call(v.videoAppoint, { guid, appID: 1001, videoID: L.free, status: 1 })).msg).toBe(VIDEO_MSG.alreadyOnline);
    expect((await t.call(v.videoAppoint, { guid, appID: 1002, videoID: L.soon, status: 1 })).status).toBe(404);
    expect((await t.call(v.videoAppoint, { guid, appID: 1001, videoID: L.soon, status: 2 })).msg).toBe('预约状态格式不正确');
  });

  it('lists teachers with followers, one teacher’s lessons and upcoming ones, and follows and unfollows', async () => {
    const { guid } = await trial();
    const list = await t.call(v.videoTeachers, { guid, appID: 1001 });
    expect(list.data.list).toEqual([{ id: teacherId, name: '王老师', title: '主管护师', introduction: '十年临床带教。', lessonCount: 4, followers: 0, following: false }]);
    expect((await t.call(v.videoFollow, { guid, teacherID: teacherId, on: 1 })).data).toEqual({ following: true, followers: 1 });
    expect((await t.call(v.videoFollow, { guid, teacherID: teacherId, on: 1 })).data).toEqual({ following: true, followers: 1 });
    const one = await t.call(v.videoTeacher, { guid, teacherID: teacherId, appID: 1001 });
    expect([one.data.teacher.following, one.data.lessons.length, one.data.upcoming.map((l: { title: string }) => l.title)]).toEqual([true, 4, ['soon']]);
    expect((await t.call(v.videoFollow, { guid, teacherID: teacherId, on: 0 })).data).toEqual({ following: false, followers: 0 });
    expect((await t.call(v.videoFollow, { guid, teacherID: 999_999, on: 1 })).msg).toBe(VIDEO_MSG.unknownTeacher);
    expect((await t.call(v.videoTeacher, { guid, teacherID: teacherId, appID: 1002 })).msg).toBe(VIDEO_MSG.unknownTeacher);
  });

  it('takes a video report with its kind and second, within a limit per hour', async () => {
    const { guid, userID } = await trial();
    const r = await t.call(v.videoFeedback, { guid, lessonID: L.free, kind: '声音问题', text: '第 5 秒没有声音', second: 5 });
    expect([r.status, r.data.msg]).toEqual([200, VIDEO_MSG.feedbackDone]);
    const [row] = await t.db.select().from(videoReports).where(eq(videoReports.id, r.data.id));
    expect([row!.userId, row!.kind, row!.text, row!.second, row!.status]).toEqual([userID, '声音问题', '第 5 秒没有声音', 5, 'open']);
    expect((await t.call(v.videoFeedback, { guid, lessonID: L.free, kind: '不存在' })).msg).toBe('问题类型格式不正确');
    for (let i = 1; i < VIDEO_REPORTS_PER_HOUR; i++) await t.call(v.videoFeedback, { guid, lessonID: L.free, kind: '其他' });
    expect((await t.call(v.videoFeedback, { guid, lessonID: L.free, kind: '其他' })).msg).toBe(VIDEO_MSG.feedbackTooOften);
    // Operators list them and answer one (npm run reports -- --video).
    const out: string[] = [];
    expect(
      await runReports(
        t.db,
        ['--video', '--app', '1001'],
        (l) => out.push(l),
        () => undefined,
      ),
    ).toBe(0);
    expect(out).toContain(`#${r.data.id}  ${new Date(t.clock.now + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')}  1001  核心考点精讲 / free  open`);
    expect(out).toContain('  类型: 声音问题（0:05）');
    expect(
      await runReports(
        t.db,
        ['--video', '--resolve', String(r.data.id), '--reply', '已修复'],
        () => undefined,
        () => undefined,
      ),
    ).toBe(0);
    const [done] = await t.db.select().from(videoReports).where(eq(videoReports.id, r.data.id));
    expect([done!.status, done!.reply]).toEqual(['resolved', '已修复']);
    expect(
      await runReports(
        t.db,
        ['--video', '--resolve', '999999', '--reply', 'x'],
        () => undefined,
        () => undefined,
      ),
    ).toBe(1);
  });

  it('看讲解: answers the lessons covering a knowledge point of the question, and none for a question without one', async () => {
    const { guid } = await trial();
    const [q] = await t.db.select().from(questionPoints).where(eq(questionPoints.pointId, pointId));
    const r = await t.call(v.videoExplain, { guid, appID: 1001, allTestID: q!.questionId });
    expect(r.data.list).toEqual([{ lessonID: L.paid, title: 'paid', pointName: '体温的正常值', from: 4, to: 12 }]);
    const [other] = await t.db.select().from(questionPoints).where(ne(questionPoints.pointId, pointId)).limit(1);
    expect((await t.call(v.videoExplain, { guid, appID: 1001, allTestID: other!.questionId })).data.list).toEqual([]);
  });

  it('opens a course detail for its subject, and 404 for an unknown course', async () => {
    const { guid } = await trial();
    const list = await t.call(v.videoCourselist, { guid, appID: 1001 });
    const d = await t.call(v.videoCoursedetail, { guid, courseID: list.data.courses[0].id });
    expect([d.data.course.title, d.data.teacherIntro, d.data.course.chapters[0].lessons.length]).toEqual(['核心考点精讲', '十年临床带教。', 4]);
    expect((await t.call(v.videoCoursedetail, { guid, courseID: 999_999 })).msg).toBe(VIDEO_MSG.unknownCourse);
  });
});

describe('notes at a second', () => {
  it('keeps my notes on a lesson by second, edits and deletes them, and never shows or touches another learner’s', async () => {
    const me = await trial();
    const other = await trial();
    const save = (guid: string, input: Record<string, unknown>) => t.call(n.videoNoteSave, { guid, lessonID: L.paid, ...input });
    const a = await save(me.guid, { second: 12, text: '口温 36.3–37.2℃' });
    const b = await save(me.guid, { second: 4, text: '先看测量前准备' });
    expect([a.status, a.data.second, a.data.text]).toEqual([200, 12, '口温 36.3–37.2℃']);
    expect((await save(me.guid, { second: 999, text: '结尾' })).data.second).toBe(20);
    expect((await t.call(n.videoNotes, { guid: me.guid, lessonID: L.paid })).data.list.map((x: { second: number }) => x.second)).toEqual([4, 12, 20]);
    expect((await t.call(n.videoNotes, { guid: other.guid, lessonID: L.paid })).data.list).toEqual([]);
    expect((await save(other.guid, { noteID: a.data.id, second: 1, text: '改别人的' })).msg).toBe(VIDEO_NOTE_MSG.unknown);
    expect((await t.call(n.videoNoteDelete, { guid: other.guid, noteID: a.data.id })).msg).toBe(VIDEO_NOTE_MSG.unknown);
    expect((await save(me.guid, { noteID: b.data.id, second: 5, text: '改好了' })).data).toMatchObject({ id: b.data.id, second: 5, text: '改好了' });
    expect((await t.call(n.videoNoteDelete, { guid: me.guid, noteID: a.data.id })).data).toEqual({ deleted: true });
    expect((await t.call(n.videoNotes, { guid: me.guid, lessonID: L.paid })).data.list.map((x: { text: string }) => x.text)).toEqual(['改好了', '结尾']);
    expect((await save(me.guid, { second: 1, text: 'x'.repeat(501) })).msg).toBe('笔记不能超过500个字符');
    expect((await save(me.guid, { second: 1, text: '' })).status).toBe(400);
    expect((await t.call(n.videoNoteSave, { guid: me.guid, lessonID: 999_999, second: 1, text: 'x' })).msg).toBe(VIDEO_MSG.unknownLesson);
  });
});
