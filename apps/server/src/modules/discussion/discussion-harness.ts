import { asc, eq } from 'drizzle-orm';
import { chapters, questions, videoChapters, videoCourses, videoLessons } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/helpers.ts';

/** Test builders of the discussion tests: demo questions in an open and a closed trial chapter, and lessons. */
export const APP = 1001;
/** A trial chapter open to every learner, and one only a version opens (docs/entitlement.md). */
export const OPEN = '糖尿病';
export const CLOSED = '甲状腺功能亢进症';

export async function firstQuestion(t: TestApp, chapter: string): Promise<number> {
  const [c] = await t.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.name, chapter));
  const [q] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.chapterId, c!.id)).orderBy(asc(questions.id)).limit(1);
  return q!.id;
}

/** Lessons of 1001: a free one, a paid one and one published in two days. */
export async function addLessons(t: TestApp): Promise<{ free: number; paid: number; soon: number }> {
  const now = new Date(t.clock.now);
  const [course] = await t.db.insert(videoCourses).values({ key: 'disc-main', appId: APP, title: '讨论测试课', publishedAt: now }).returning();
  const [chapter] = await t.db.insert(videoChapters).values({ courseId: course!.id, title: '第一章' }).returning();
  const row = (key: string, over: Partial<typeof videoLessons.$inferInsert> = {}) => ({
    key,
    chapterId: chapter!.id,
    title: `${key}课`,
    durationS: 20,
    mediaKey: `1001/${key}`,
    mediaVersion: 1,
    publishedAt: now,
    ...over,
  });
  const rows = await t.db
    .insert(videoLessons)
    .values([row('disc-free', { free: true }), row('disc-paid'), row('disc-soon', { publishedAt: new Date(t.clock.now + 2 * 86_400_000) })])
    .returning({ id: videoLessons.id });
  return { free: rows[0]!.id, paid: rows[1]!.id, soon: rows[2]!.id };
}
