import { count, eq } from 'drizzle-orm';
import {
  addresses,
  answers,
  chapters,
  consents,
  discussionPosts,
  events,
  feedbacks,
  notes,
  orders,
  purchases,
  questions,
  sessions,
  smsCodes,
  userMessages,
  users,
  videoChapters,
  videoCourses,
  videoLessons,
  videoNotes,
} from '../../db/schema/index.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TestApp } from '../../test/helpers.ts';

/**
 * Test data of the erasure (deletion.test.ts): one row of each kind of personal data a learner leaves, written
 * straight into the tables the way the owning modules write them, and the same rows read back.
 */
export async function learnerData(t: TestApp, userId: number, phone: string) {
  const now = new Date(t.clock.now);
  const [q] = await t.db
    .select({ id: questions.id, chapterId: questions.chapterId })
    .from(questions)
    .innerJoin(chapters, eq(chapters.id, questions.chapterId))
    .where(eq(chapters.appId, 1001))
    .limit(1);
  const [course] = await t.db
    .insert(videoCourses)
    .values({ key: `erase-${userId}`, appId: 1001, title: '课程', publishedAt: now })
    .returning();
  const [chapter] = await t.db.insert(videoChapters).values({ courseId: course!.id, title: '第一章' }).returning();
  const [lesson] = await t.db
    .insert(videoLessons)
    .values({ key: `erase-${userId}`, chapterId: chapter!.id, title: '第一讲', durationS: 12, mediaKey: '1001/erase', mediaVersion: 1, renditions: ['360p'], publishedAt: now })
    .returning({ id: videoLessons.id });
  await t.db
    .update(users)
    .set({ avatar: `u/${userId}/avatar/abcdefabcdef.jpg`, qq: '12345678', education: 'bachelor', profession: 'nurse', lastIp: '203.0.113.9' })
    .where(eq(users.id, userId));
  await t.grant(userId, 1001, { vn: '3', vnOrder: 3 }, 365 * 86_400_000);
  await t.db.insert(notes).values({ userId, questionId: q!.id, appId: 1001, content: `我的笔记 ${phone}`, updatedAt: now });
  await t.db.insert(videoNotes).values({ userId, lessonId: lesson!.id, second: 30, text: '视频笔记', createdAt: now, updatedAt: now });
  await t.db.insert(addresses).values({ userId, name: '张三', phone, region: '北京市 东城区', details: '某街道 1 号', isDefault: true, createdAt: now });
  await t.db.insert(userMessages).values({ userId, kind: 'system', title: '欢迎', body: '你好', link: '', createdAt: now });
  await t.db
    .insert(answers)
    .values({ userId, appId: 1001, chapterId: q!.chapterId, questionId: q!.id, replyId: `erase-${userId}-000000000001`, reply: 'A', right: true, score: 1, createdAt: now });
  const [order] = await t.db
    .insert(orders)
    .values({
      orderNo: `T${userId}${Date.now()}`,
      userId,
      agentCode: '888',
      appId: 1001,
      vn: '3',
      amountFen: 9900,
      listFen: 9900,
      delivery: { name: '张三', phone, region: '北京市', details: '某街道 1 号' },
      payType: 'sandbox',
      requestId: `req-${userId}`,
      status: 'fulfilled',
      createdAt: now,
      expiresAt: now,
    })
    .returning({ id: orders.id });
  const [post] = await t.db
    .insert(discussionPosts)
    .values({ appId: 1001, targetKind: 'question', targetId: q!.id, userId, body: `请加我微信 ${phone}`, createdAt: now })
    .returning({ id: discussionPosts.id });
  const [fb] = await t.db
    .insert(feedbacks)
    .values({
      userId,
      agentCode: '888',
      category: 'bug',
      content: '闪退了',
      contact: phone,
      images: [`u/${userId}/feedback/0123456789ab.jpg`],
      client: { page: '/homePage', ua: 'test' },
      createdAt: now,
    })
    .returning({ id: feedbacks.id });
  const [ev] = await t.db
    .insert(events)
    .values({ kind: 'tracking.userclick', path: '/x', userId, userName: phone, ip: '203.0.113.9', payload: { page: '/homePage', phone }, createdAt: now })
    .returning({ id: events.id });
  return { order: order!.id, post: post!.id, feedback: fb!.id, event: ev!.id };
}

export async function readBack(t: TestApp, userId: number, phone: string, ids: Awaited<ReturnType<typeof learnerData>>) {
  const n = async (table: PgTable, col: AnyPgColumn) => (await t.db.select({ n: count() }).from(table).where(eq(col, userId)))[0]!.n;
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, ids.order));
  const [post] = await t.db.select().from(discussionPosts).where(eq(discussionPosts.id, ids.post));
  const [feedback] = await t.db.select().from(feedbacks).where(eq(feedbacks.id, ids.feedback));
  const [event] = await t.db.select().from(events).where(eq(events.id, ids.event));
  const consentIps = (await t.db.select({ ip: consents.ip }).from(consents).where(eq(consents.userId, userId))).map((r) => r.ip);
  const [codes] = await t.db.select({ n: count() }).from(smsCodes).where(eq(smsCodes.phone, phone));
  return {
    user: user!,
    order: order!,
    post: post!,
    feedback: feedback!,
    event: event!,
    consentIps,
    notes: await n(notes, notes.userId),
    videoNotes: await n(videoNotes, videoNotes.userId),
    addresses: await n(addresses, addresses.userId),
    messages: await n(userMessages, userMessages.userId),
    sessions: await n(sessions, sessions.userId),
    purchases: await n(purchases, purchases.userId),
    answers: await n(answers, answers.userId),
    smsCodes: codes!.n,
  };
}
