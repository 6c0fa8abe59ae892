import { planOpen, planWeekRank, savePosition, type PlanView } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { answer, APP, chapterQuestions, learner, setChinaTime, study } from './plan-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rank = async (guid: string) => {
  const body = await t.call(planWeekRank, { guid, appID: APP });
  expect(body.status, body.msg).toBe(200);
  return body.data;
};
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

describe('weekrank', () => {
  it('ranks this ISO week’s newly right questions: ties share a place (earlier first), names masked, my place', async () => {
    const [a, b, c, d] = [await learner(t), await learner(t), await learner(t), await learner(t)];
    await t.db.update(users).set({ nickName: '张晓明' }).where(eq(users.id, a.userID));
    // No nickname: the phone, masked (c keeps the one registration gave, 学员 + the phone's last 4 digits, which counts as none).
    await t.db.update(users).set({ nickName: '' }).where(eq(users.id, b.userID));
    const chapterId = (await t.db.query.chapters.findFirst({ where: (ch, { eq: is }) => is(ch.appId, APP), orderBy: (ch, { asc }) => [asc(ch.order)] }))!.id;
    let qs = await chapterQuestions(t, chapterId);
    if (qs.length < 4) qs = [...qs, ...(await chapterQuestions(t, chapterId + 1))];
    const [q1, q2, q3, q4] = qs as [(typeof qs)[0], (typeof qs)[0], (typeof qs)[0], (typeof qs)[0]];
    // Last week (the test epoch is Monday 2026-03-02): c already knew q1–q3.
    for (const q of [q1, q2, q3]) await answer(t, c.guid, q, q.right);

    setChinaTime(t, '2026-03-09', '09:00');
    for (const q of [q1, q2, q3]) await answer(t, a.guid, q, q.right);
    t.clock.advance(5 * 60_000);
    for (const q of [q1, q2, q3]) await answer(t, b.guid, q, q.right);
    await answer(t, b.guid, q4, q4.wrong);
    // Right again this week (and twice): nothing gained; q4 new: one.
    for (const q of [q1, q2, q3, q4]) await answer(t, c.guid, q, q.right);
    await answer(t, c.guid, q4, q4.right);
    await answer(t, d.guid, q1, q1.wrong);

    const mine = await rank(a.guid);
    expect(mine).toMatchObject({ week: '2026-W11', from: '2026-03-09', to: '2026-03-15' });
    expect(mine.list).toEqual([
      { rank: 1, name: '张**', gained: 3, me: true },
      { rank: 1, name: masked(b.phone), gained: 3, me: false },
      { rank: 3, name: masked(c.phone), gained: 1, me: false },
    ]);
    expect(mine.me).toEqual({ rank: 1, name: '张**', gained: 3, me: true });
    expect((await rank(c.guid)).me).toEqual({ rank: 3, name: masked(c.phone), gained: 1, me: true });
    // Nothing gained this week: no place.
    expect((await rank(d.guid)).me).toBeNull();
  });
});

/** Does every task of the view's day: a chapter's questions answered right, a handout read to the end. */
async function finishDay(guid: string, view: PlanView) {
  for (const task of view.day!.tasks) {
    if (task.done || task.skipped) continue;
    if (task.kind === 'chapter') for (const q of (await chapterQuestions(t, task.refID)).slice(0, task.target)) await answer(t, guid, q, q.right);
    else if (task.kind === 'handout') expect((await t.call(savePosition, { guid, appID: APP, id: task.refID, percent: 100, at: t.clock.now })).status).toBe(200);
    else if (task.kind !== 'review') throw new Error(`a ${task.kind} task on the first day`);
  }
}

describe('the streak', () => {
  it('counts a day done by 23:59 Shanghai time, not one finished at 00:01 the next day', async () => {
    setChinaTime(t, '2026-03-10', '09:00');
    const early = await learner(t, false);
    const late = await learner(t, false);
    for (const l of [early, late]) expect((await t.call(planOpen, { guid: l.guid, appID: APP, mdate: '2026-04-10', timesize: 20 })).status).toBe(200);

    setChinaTime(t, '2026-03-10', '23:59');
    await finishDay(early.guid, await study(t, early.guid));
    const done = await study(t, early.guid);
    expect(done.day!.tasks.every((x) => x.done)).toBe(true);
    expect(done.streak).toMatchObject({ days: 1, todayCounted: true });

    const lateDay = await study(t, late.guid);
    setChinaTime(t, '2026-03-11', '00:01');
    await finishDay(late.guid, lateDay);
    const yesterday = await study(t, late.guid, '2026-03-10');
    expect(yesterday.day!.tasks.every((x) => x.done && x.doneAt!.startsWith('2026-03-10T16:01'))).toBe(true);
    expect(yesterday.streak).toMatchObject({ days: 0, todayCounted: false });
    // The early learner's streak holds over midnight (today not yet counted).
    expect((await study(t, early.guid)).streak).toMatchObject({ days: 1, best: 1, todayCounted: false });
  });
});
