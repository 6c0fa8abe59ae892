import { and, eq, inArray } from 'drizzle-orm';
import { discussionCalls as d, knowledgeCalls as k, practiceCalls as p, readingCalls as r, type PointItem } from '@kaoshi/contract';
import { liveCards, liveCourses, liveSessions, papers, questions, videoChapters, videoCourses, videoLessons } from '../db/schema/index.ts';
import { nextPhone, type TestApp } from '../test/helpers.ts';

/**
 * The items of the item policy matrix (item-policies.test.ts), on a fresh demo database: each one of 护士执业资格
 * (1001) that a trial does not open, or, for items open to every learner of a subject on sale, any one.
 */
export interface MatrixItems {
  handout: number;
  pocket: number;
  point: number;
  card: number;
  lesson: number;
  course: number;
  /** 考前密卷 (mock, tag secret): opened by 至尊班 and 考前模拟 only. */
  paper: number;
  /** A question of a chapter the trial rule leaves closed, and a post under it (written by another holder). */
  question: number;
  post: number;
  liveCourse: number;
  /** A paid session: upcoming, on air (with an open card) and over with its recording. */
  upcoming: number;
  onAir: number;
  recorded: number;
  liveCard: number;
}

export type Persona = 'guest' | 'trial' | 'lower' | 'otherSubject' | 'holder';

const APP = 1001;
const HOUR = 3600_000;

/** The learners of the matrix (guest: none) and the items, as the trial learner's lists show them. */
export async function matrixFixtures(t: TestApp): Promise<{ guids: Partial<Record<Persona, string>>; items: MatrixItems }> {
  const learner = async (grant?: { appId: number; vn: string; vnOrder: number }) => {
    const l = await t.register(nextPhone());
    if (grant) await t.grant(l.userID, grant.appId, grant);
    return l.guid;
  };
  const top = { appId: APP, vn: '3', vnOrder: 3 };
  const guids: Partial<Record<Persona, string>> = {
    trial: await learner(),
    lower: await learner({ appId: APP, vn: '1', vnOrder: 1 }),
    otherSubject: await learner({ appId: 1002, vn: '3', vnOrder: 3 }),
    holder: await learner(top),
  };
  const author = await learner(top);
  const trial = guids.trial!;

  const firstLocked = (list: { open: boolean; items: { id: number }[] }[]) => list.find((c) => !c.open && c.items.length > 0)!.items[0]!.id;
  const handout = firstLocked((await t.call(r.readingCatalog, { guid: trial, appID: APP, kind: 'handout' })).data.list);
  const pocket = firstLocked((await t.call(r.pocketMenu, { guid: trial, appID: APP })).data.list);
  const points: PointItem[] = (await t.call(k.pointsList, { guid: trial, appID: APP })).data.chapters.flatMap((c: { points: PointItem[] }) => c.points);
  const point = points.find((x) => !x.open && x.cards > 0)!.id;
  const card = (await t.call(k.shorthandCards, { guid: guids.holder, appID: APP, pointID: point })).data.cards[0].id;

  const menu: { cptID: number; locked: boolean }[] = (await t.call(p.chapterMenuList, { guid: trial, appID: APP })).data.list;
  const closed = menu.filter((c) => c.locked).map((c) => c.cptID);
  const [question] = await t.db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.appId, APP), inArray(questions.chapterId, closed), eq(questions.retired, false)))
    .limit(1);
  const posted = await t.call(d.discussionPostCall, { guid: author, appID: APP, kind: 'question', id: question!.id, body: '这道题的关键是体位。' });
  const [paper] = await t.db
    .select({ id: papers.id })
    .from(papers)
    .where(and(eq(papers.appId, APP), eq(papers.code, 'secret-1')));

  const now = t.clock.now;
  // A course of 1001 with a lesson without a preview (the demo seed has no video unless DEMO_VIDEO is on).
  const [course] = await t.db
    .insert(videoCourses)
    .values({ key: 'matrix', appId: APP, title: '矩阵课程', publishedAt: new Date(now) })
    .returning();
  const [chapter] = await t.db.insert(videoChapters).values({ courseId: course!.id, title: '第一章' }).returning();
  const [lesson] = await t.db
    .insert(videoLessons)
    .values({
      key: 'matrix-closed',
      chapterId: chapter!.id,
      title: '付费课',
      durationS: 20,
      previewSeconds: 0,
      mediaKey: '1001/matrix',
      mediaVersion: 1,
      renditions: ['360p'],
      publishedAt: new Date(now),
    })
    .returning();

  const [live] = await t.db.insert(liveCourses).values({ key: 'matrix-live', appId: APP, title: '矩阵直播', summary: '', introduction: '' }).returning();
  const session = (key: string, startsIn: number, over: Partial<typeof liveSessions.$inferInsert> = {}) => ({
    key,
    courseId: live!.id,
    appId: APP,
    title: key,
    startsAt: new Date(now + startsIn),
    endsAt: new Date(now + startsIn + HOUR),
    streamKey: `stream-${key}-0123456789`,
    hostKey: `host-${key}-0123456789`,
    createdAt: new Date(now),
    ...over,
  });
  const sessions = await t.db
    .insert(liveSessions)
    .values([
      session('matrix-upcoming', 24 * HOUR),
      session('matrix-on-air', -10 * 60_000, { state: 'live', liveStartedAt: new Date(now - 10 * 60_000) }),
      session('matrix-recorded', -48 * HOUR, {
        state: 'ended',
        liveStartedAt: new Date(now - 48 * HOUR),
        liveEndedAt: new Date(now - 47 * HOUR),
        replayKey: 'live/matrix-recorded',
        replayState: 'ready',
        replayDurationS: 600,
      }),
    ])
    .returning({ id: liveSessions.id });
  const [upcoming, onAir, recorded] = sessions.map((s) => s.id);
  const options = [
    { key: 'A', text: '半卧位' },
    { key: 'B', text: '平卧位' },
  ];
  const [liveCard] = await t.db
    .insert(liveCards)
    .values({ sessionId: onAir!, stem: '心衰的首选体位', options, answer: 'A', state: 'open', second: 30, pushedAt: new Date(now) })
    .returning();
  t.forgetCaches();

  return {
    guids,
    items: {
      handout,
      pocket,
      point,
      card,
      lesson: lesson!.id,
      course: course!.id,
      paper: paper!.id,
      question: question!.id,
      post: posted.data.id,
      liveCourse: live!.id,
      upcoming: upcoming!,
      onAir: onAir!,
      recorded: recorded!,
      liveCard: liveCard!.id,
    },
  };
}
