import { getChapterTestEx, submitReply, studyCalls, type CallDef } from '@kaoshi/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { chapters, knowledgePoints, questionPoints, questions } from '../../db/schema/index.ts';
import { createTestApp, makeModuleFree, replyIds, type TestApp } from '../../test/helpers.ts';

export let t: TestApp;
export const APP = 2001;

/** The calls this module answers. */
export const calls: CallDef[] = Object.values(studyCalls);

export const rid = replyIds('study');

/** Test questions in chapters of their own (st: own + st-sub; st2: per-question stats; st3: search). */
export const Q: Record<string, number> = {};
export const C: Record<string, number> = {};

export const opts = (...texts: string[]) => texts.map((text, i) => ({ key: 'ABCDE'[i]!, text }));

/** A question of the demo bank or of the test chapters. */
export async function question(extId: string) {
  const [q] = await t.db
    .select({ id: questions.id, chapterId: questions.chapterId, groupId: questions.groupId, type: questions.type })
    .from(questions)
    .where(and(eq(questions.appId, APP), eq(questions.extId, extId)));
  if (!q) throw new Error(`no question ${extId}`);
  return q;
}
export async function answer(guid: string, extId: string, reply: string, spendTime = 10) {
  const q = await question(extId);
  const body = await t.call(submitReply, { guid, appID: APP, cptID: q.chapterId, allTestID: q.id, lastUserReply: reply, spendTime, replyID: rid() });
  expect(body.status, `${extId} ${body.msg}`).toBe(200);
  return body.data;
}
export const ok = async (call: CallDef, input: Record<string, unknown>) => {
  const body = await t.call(call, input);
  expect(body.status, `${call.id}: ${body.msg}`).toBe(200);
  return body.data;
};
export const chapterTest = async (guid: string, cptID: number) => {
  const data = await ok(getChapterTestEx, { guid, appID: APP, cptID });
  return { data, byId: new Map((data.list as { allTestID: number }[]).map((q) => [q.allTestID, q as any])) };
};
export const ids = (list: { allTestID: number }[]) => list.map((q) => q.allTestID);

/** Registers this file's hooks (the app and its data) in the calling test file. */
export function useSetup(): void {
  beforeAll(async () => {
    t = await createTestApp();
    // Practice itself is tested here: its new learners answer any chapter (the trial rule: entitlement tests).
    await makeModuleFree(t.db, APP, 'chapter');
    const now = new Date(t.clock.now);
    const [st] = await t.db.insert(chapters).values({ appId: APP, code: 'st', name: '研究章', order: 100 }).returning();
    const rest = await t.db
      .insert(chapters)
      .values([
        { appId: APP, code: 'st-sub', name: '研究子章', parentId: st!.id, order: 101 },
        { appId: APP, code: 'st2', name: '统计章', order: 102 },
        { appId: APP, code: 'st3', name: '搜索章', order: 103 },
      ])
      .returning();
    for (const c of [st!, ...rest]) C[c.code] = c.id;
    const rows = await t.db
      .insert(questions)
      .values(
        [
          {
            extId: 'st-a1',
            type: 'A1',
            chapterId: C.st!,
            stem: '斑蝥素研究：下列说法正确的是',
            options: opts('甲方案', '乙方案', '丙方案', '丁方案'),
            answer: 'A',
            explanation: '解析：甲方案最好',
          },
          { extId: 'st-fill', type: 'FILL', chapterId: C.st!, stem: '斑蝥素的来源是____', answer: ['芫青'] },
          { extId: 'st-x', type: 'X', chapterId: C['st-sub']!, stem: '关于蟾酥，正确的有', options: opts('一', '二', '三', '四'), answer: 'AB' },
          { extId: 'st2-x', type: 'X', chapterId: C.st2!, stem: '统计多选题', options: opts('α', 'β', 'γ', 'δ'), answer: 'AB' },
          { extId: 'st2-fill', type: 'FILL', chapterId: C.st2!, stem: '统计填空题', answer: ['芫青'] },
          { extId: 'st3-pct', type: 'A1', chapterId: C.st3!, stem: '浓度为75%的乙醇可用于', options: opts('消毒', '溶剂'), answer: 'A' },
          { extId: 'st3-opt', type: 'A1', chapterId: C.st3!, stem: '下列哪项正确', options: opts('甲', '乙', '玳瑁甲片独有选项'), answer: 'C' },
          { extId: 'st3-ret', type: 'A1', chapterId: C.st3!, stem: '玳瑁甲片 已退役', options: opts('甲', '乙'), answer: 'A', retired: true },
        ].map((q) => ({ ...q, appId: APP, updatedAt: now })),
      )
      .returning({ id: questions.id, extId: questions.extId });
    for (const r of rows) Q[r.extId] = r.id;
    const [kp] = await t.db.insert(knowledgePoints).values({ appId: APP, code: 'st-kp', name: '研究知识点甲' }).returning();
    await t.db.insert(questionPoints).values([
      { questionId: Q['st-a1']!, pointId: kp!.id },
      { questionId: Q['st-fill']!, pointId: kp!.id },
    ]);
  });
  afterAll(() => t.close());
}
