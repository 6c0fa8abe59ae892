import { feedbackDetailCall, feedbackSubmit, messageList } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeedbackArgs, runFeedback } from '../../cli/feedback.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';

/** The operator command `npm run feedback` (docs/help-feedback.md): list, answer (the learner gets a message), close. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const feedback = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFeedback(
    t.db,
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
    () => t.clock.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('npm run feedback', () => {
  it('lists open feedback with the masked phone, answers one (a message for the learner) and closes it', async () => {
    const phone = nextPhone();
    const { guid } = await t.register(phone);
    const id = (await t.call(feedbackSubmit, { guid, category: 'pay', content: '支付成功后模块仍然没有开通，请帮忙查看。', contact: 'me@example.com', appID: 1001 })).data
      .id as number;
    const listed = await feedback('list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`#${id}  `);
    expect(listed.out).toContain('购买与支付  agent 888  app 1001  open');
    expect(listed.out).toContain('  内容: 支付成功后模块仍然没有开通，请帮忙查看。');
    expect(listed.out).toContain('  联系方式: me@example.com');
    expect(listed.out).toContain(`  学员: ${phone.slice(0, 3)}****${phone.slice(-4)}`);
    expect(listed.out).not.toContain(phone);

    const answered = await feedback('answer', String(id), '已为您补开通，请重新登录查看。', '--by', '客服小林');
    expect(answered).toMatchObject({ code: 0, out: `feedback #${id} answered; the learner has a message` });
    expect((await t.call(feedbackDetailCall, { guid, id })).data).toMatchObject({ status: 'answered', answer: '已为您补开通，请重新登录查看。' });
    const inbox = (await t.call(messageList, { guid, tab: 'feedback' })).data.list;
    expect(inbox).toEqual([expect.objectContaining({ link: `/feedbackAnswer?id=${id}`, read: false })]);
    expect((await feedback('list')).out).not.toContain(`#${id}  `);
    expect((await feedback('list', '--status', 'answered')).out).toContain('  回复: 已为您补开通，请重新登录查看。');

    expect(await feedback('close', String(id))).toMatchObject({ code: 0, out: `feedback #${id} closed` });
    expect(await feedback('answer', String(id), '再答')).toMatchObject({ code: 1, err: `feedback #${id} not answered: closed` });
    expect(await feedback('close', '999999')).toMatchObject({ code: 1, err: 'no feedback #999999' });
    expect(await feedback('answer', '999999', '答')).toMatchObject({ code: 1, err: 'no feedback #999999' });
  });

  it('explains its usage', async () => {
    expect(parseFeedbackArgs([])).toEqual({ error: '' });
    expect(parseFeedbackArgs(['list', '--status', 'all'])).toEqual({ kind: 'list', status: null });
    expect(parseFeedbackArgs(['list', '--status', 'x'])).toEqual({ error: '--status must be open, answered, closed or all, got x' });
    expect(parseFeedbackArgs(['answer', '12'])).toEqual({ error: 'answer needs the text: answer <id> "<text>"' });
    expect(parseFeedbackArgs(['answer', 'abc', '答'])).toEqual({ error: 'answer needs a feedback number' });
    expect(parseFeedbackArgs(['answer', '3', '好的'], 'ops')).toEqual({ kind: 'answer', id: 3, text: '好的', by: 'ops' });
    expect(parseFeedbackArgs(['close'])).toEqual({ error: 'close needs one feedback number' });
    expect(parseFeedbackArgs(['delete', '1'])).toEqual({ error: 'unknown command delete' });
    const r = await feedback('--help');
    expect(r.code).toBe(0);
    expect(r.err).toContain('usage: npm run feedback -- list');
    expect((await feedback('nope')).code).toBe(2);
  });
});
