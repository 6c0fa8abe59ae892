import { evaluate, getCataloglist, getErrorTest, removeFromBook, reviewSettings, reviewSummary, submitReply, type BookState } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import { afterAll, beforeAll, expect } from 'vitest';
import { chapters, questions } from '../../db/schema/index.ts';
import { createTestApp, makeModuleFree, replyIds, type TestApp } from '../../test/helpers.ts';
import { FSRS_PARAMS } from './service.ts';

export let t: TestApp;

export const APP = 2001;
export const MINUTE = 60_000;
export const DAY = 24 * 3600_000;
export const bookCalls = [getErrorTest, getCataloglist, reviewSummary, reviewSettings, removeFromBook, evaluate];

export const rid = replyIds('book');

export interface Q {
  id: number;
  chapterId: number;
  groupId: number | null;
  type: string;
  answer: unknown;
}
export async function question(extId: string, appId = APP): Promise<Q> {
  const [q] = await t.db
    .select({ id: questions.id, chapterId: questions.chapterId, groupId: questions.groupId, type: questions.type, answer: questions.answer })
    .from(questions)
    .where(and(eq(questions.appId, appId), eq(questions.extId, extId)));
  if (!q) throw new Error(`no question ${extId}`);
  return q;
}
export async function chapterId(code: string): Promise<number> {
  const [c] = await t.db
    .select({ id: chapters.id })
    .from(chapters)
    .where(and(eq(chapters.appId, APP), eq(chapters.code, code)));
  if (!c) throw new Error(`no chapter ${code}`);
  return c.id;
}

/** Answer an A1/A2 question right or wrong through submitReply. */
export async function answer(guid: string, extId: string, right: boolean, extra: Record<string, unknown> = {}) {
  const q = await question(extId);
  const key = q.answer as string;
  const reply = right ? key : key === 'A' ? 'B' : 'A';
  const body = await t.call(submitReply, { guid, appID: APP, cptID: q.chapterId, allTestID: q.id, lastUserReply: reply, replyID: rid(), ...extra });
  expect(body.status, body.msg).toBe(200);
  expect(body.data.right).toBe(right);
  return body.data as { right: boolean; inBook: boolean };
}

export async function errorTest(guid: string, extra: Record<string, unknown> = {}) {
  const body = await t.call(getErrorTest, { guid, appID: APP, ...extra });
  expect(body.status, body.msg).toBe(200);
  return body.data as {
    total: number;
    page: number;
    pageSize: number;
    groups: { childTableID: number }[];
    list: { allTestID: number; srcID: string; cptID: number; book: BookState }[];
  };
}
/** The learner's book state of a question, from getErrorTest (undefined when not in the book). */
export async function stateOf(guid: string, extId: string): Promise<BookState | undefined> {
  const q = await question(extId);
  return (await errorTest(guid)).list.find((i) => i.allTestID === q.id)?.book;
}
export async function catalog(guid: string, kind: string) {
  const body = await t.call(getCataloglist, { guid, appID: APP, kind });
  expect(body.status, body.msg).toBe(200);
  return body.data as { total: number; items: number; kind: string; list: { cptID: number; name: string; count: number; due: number }[] };
}
export async function summary(guid: string) {
  const body = await t.call(reviewSummary, { guid, appID: APP });
  expect(body.status, body.msg).toBe(200);
  return body.data as { items: number; due: number; nextDueAt: string | null; cleared: number; clearAfter: number };
}
export const iso = (ms: number) => new Date(ms).toISOString();

/** What ts-fsrs (with the book's parameters) schedules for these reviews of a new card. */
export function expectedCard(reviews: { at: number; grade: Grade }[]): Card {
  const scheduler = fsrs(FSRS_PARAMS);
  let card = createEmptyCard(new Date(reviews[0]!.at));
  for (const r of reviews) card = scheduler.next(card, new Date(r.at), r.grade).card;
  return card;
}

/** Registers this file's hooks (the app and its data) in the calling test file. */
export function useSetup(): void {
  beforeAll(async () => {
    t = await createTestApp();
    // Practice itself is tested here: its new learners answer any chapter (the trial rule: entitlement tests).
    await makeModuleFree(t.db, APP, 'chapter');
  });
  afterAll(() => t.close());
}
