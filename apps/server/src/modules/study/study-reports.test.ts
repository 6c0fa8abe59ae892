import { addQuestionReport, listQuestionReports, STUDY_MSG } from '@kaoshi/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runReports } from '../../cli/reports.ts';
import { chapters, questions } from '../../db/schema/index.ts';
import { makeModulePaid, nextPhone } from '../../test/helpers.ts';
import { REPORTS_PER_DAY } from './reports.ts';
import { APP, Q, calls, ok, t, useSetup } from './study-setup.ts';

useSetup();

describe('question reports', () => {
  it('stores a report, lists it for its learner only, and the operator resolves it with the CLI', async () => {
    const phone = nextPhone();
    const guid = (await t.register(phone)).guid;
    const created = await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '答案有误, 解析有误,答案有误', content: '答案应为乙' });
    expect(created).toEqual({
      id: expect.any(Number),
      allTestID: Q['st-a1'],
      excerpt: '斑蝥素研究：下列说法正确的是',
      kinds: ['答案有误', '解析有误'],
      content: '答案应为乙',
      status: 'open',
      reply: null,
      createdAt: new Date(t.clock.now).toISOString(),
    });
    t.clock.advance(1000);
    const second = await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-x'], kinds: '其他' });
    expect(second.content).toBe('');
    const mine = await ok(listQuestionReports, { guid, appID: APP });
    expect(mine.total).toBe(2);
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([second.id, created.id]);
    expect((await ok(listQuestionReports, { guid, appID: 1001 })).total).toBe(0);
    const other = await t.newLearner();
    expect(await ok(listQuestionReports, { guid: other, appID: APP })).toEqual({ page: 1, total: 0, list: [] });

    // The operator's list: open reports of the subject with the masked phone.
    const out: string[] = [];
    const err: string[] = [];
    expect(
      await runReports(
        t.db,
        ['--app', String(APP)],
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(0);
    const text = out.join('\n');
    expect(text).toContain(`#${created.id}`);
    expect(text).toContain('st-a1');
    expect(text).toContain('答案有误、解析有误');
    expect(text).toContain('答案应为乙');
    expect(text).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(text).not.toContain(phone);

    out.length = 0;
    expect(
      await runReports(
        t.db,
        ['--resolve', String(created.id), '--reply', '已更正答案'],
        (l) => out.push(l),
        (l) => err.push(l),
        () => t.clock.now,
      ),
    ).toBe(0);
    expect(out).toEqual([`report #${created.id} resolved`]);
    const after = await ok(listQuestionReports, { guid, appID: APP });
    expect(after.list.find((r: { id: number }) => r.id === created.id)).toMatchObject({ status: 'resolved', reply: '已更正答案' });
    expect(after.list.find((r: { id: number }) => r.id === second.id)).toMatchObject({ status: 'open', reply: null });

    // Open only by default; resolved and all on request.
    out.length = 0;
    await runReports(
      t.db,
      [],
      (l) => out.push(l),
      (l) => err.push(l),
    );
    expect(out.join('\n')).not.toContain(`#${created.id} `);
    out.length = 0;
    await runReports(
      t.db,
      ['--status', 'resolved'],
      (l) => out.push(l),
      (l) => err.push(l),
    );
    expect(out.join('\n')).toContain('回复: 已更正答案');
    out.length = 0;
    await runReports(
      t.db,
      ['--status', 'all', '--app', String(APP)],
      (l) => out.push(l),
      (l) => err.push(l),
    );
    expect(out.at(-1)).toBe('2 report(s)');

    // Mistakes: unknown report, bad arguments.
    expect(
      await runReports(
        t.db,
        ['--resolve', '999999', '--reply', 'x'],
        (l) => out.push(l),
        (l) => err.push(l),
      ),
    ).toBe(1);
    expect(err.at(-1)).toBe('no report #999999');
    for (const argv of [['--resolve', '1'], ['--status', 'closed'], ['--app', 'x'], ['--reply', 'x'], ['extra']]) {
      err.length = 0;
      expect(
        await runReports(
          t.db,
          argv,
          () => {},
          (l) => err.push(l),
        ),
        argv.join(' '),
      ).toBe(2);
      expect(err.at(-1)).toContain('usage: npm run reports');
    }
  });

  it(`allows ${REPORTS_PER_DAY} reports per learner and China day (429), again the next day`, async () => {
    const guid = await t.newLearner();
    for (let i = 0; i < REPORTS_PER_DAY; i++) await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '其他', content: `第${i + 1}条` });
    expect(await t.call(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '其他' })).toEqual({
      status: 429,
      msg: STUDY_MSG.reportTooMany,
      data: null,
    });
    expect((await ok(listQuestionReports, { guid, appID: APP })).total).toBe(REPORTS_PER_DAY);
    // Another learner is not limited by it; parallel reports cannot slip past the limit together.
    const other = await t.newLearner();
    const bodies = await Promise.all(
      Array.from({ length: REPORTS_PER_DAY + 5 }, () => t.call(addQuestionReport, { guid: other, appID: APP, allTestID: Q['st-a1'], kinds: '其他' })),
    );
    expect(bodies.filter((b) => b.status === 200)).toHaveLength(REPORTS_PER_DAY);
    expect(bodies.filter((b) => b.status === 429)).toHaveLength(5);
    expect((await ok(listQuestionReports, { guid: other, appID: APP })).total).toBe(REPORTS_PER_DAY);
    t.clock.advance(24 * 3600_000);
    await ok(addQuestionReport, { guid, appID: APP, allTestID: Q['st-a1'], kinds: '其他' });
    // Page 2 of the learner's list (20 per page).
    const p2 = await ok(listQuestionReports, { guid, appID: APP, page: 2 });
    expect(p2).toMatchObject({ page: 2, total: REPORTS_PER_DAY + 1 });
    expect(p2.list).toHaveLength(1);
  });
});

describe('entitlement', () => {
  it('answers 403 with the unlocking versions when chapter practice is not open to the learner', async () => {
    await makeModulePaid(t.db, 3001, 'chapter');
    const guid = await t.newLearner();
    const [cpt] = await t.db.select({ id: chapters.id }).from(chapters).where(eq(chapters.appId, 3001)).limit(1);
    const [q] = await t.db.select({ id: questions.id }).from(questions).where(eq(questions.appId, 3001)).limit(1);
    for (const call of calls) {
      const body = await t.call(call, { guid, appID: 3001, cptID: cpt!.id, allTestID: q!.id, kind: 'fav', keyword: '药', kinds: '其他', noteContent: '笔记' });
      expect(body.status, call.id).toBe(403);
      expect(body.msg).toBe('开通以下任一班次可使用该功能');
      expect(body.data.unlocking.length).toBeGreaterThan(0);
    }
    // Nothing was written.
    const { favourites, notes, questionReports, recitePoints } = await import('../../db/schema/index.ts');
    expect(await t.db.select().from(favourites).where(eq(favourites.appId, 3001))).toEqual([]);
    expect(await t.db.select().from(notes).where(eq(notes.appId, 3001))).toEqual([]);
    expect(await t.db.select().from(questionReports).where(eq(questionReports.appId, 3001))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(recitePoints)
        .where(inArray(recitePoints.chapterId, [cpt!.id])),
    ).toEqual([]);
  });
});
