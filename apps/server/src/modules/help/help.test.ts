import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { helpFaq } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { faqFor, loadFaq } from './faq.ts';

/** The help centre's FAQ through HTTP (docs/help-feedback.md): per agent, no session needed, the file checked at start. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Topic = { id: string; name: string; items: { id: string; q: string; a: string }[] };
const faqOf = async (input: Record<string, unknown>, opts?: { host?: string }) => (await t.call(helpFaq, input, opts)).data.topics as Topic[];
const itemIds = (topics: Topic[]) => topics.flatMap((tp) => tp.items.map((i) => i.id));

describe('help.faq', () => {
  it('answers the default agent’s FAQ without a session: topics with questions and plain-text answers', async () => {
    const body = await t.call(helpFaq, {});
    expect(body.status).toBe(200);
    const topics = body.data.topics as Topic[];
    expect(topics.map((tp) => tp.name)).toEqual(['账号与登录', '题库与学习', '购买与激活', '使用问题']);
    for (const tp of topics) for (const i of tp.items) expect(i.q.length > 0 && i.a.length > 0 && !/[<>]/.test(i.a)).toBe(true);
    // {store} is the agent's store name; items meant for another agent are left out.
    const locked = topics.flatMap((tp) => tp.items).find((i) => i.id === 'bought-still-locked')!;
    expect(locked.a).toContain('考试宝典客服');
    expect(itemIds(topics)).not.toContain('hushi-group');
  });

  it('answers another agent’s FAQ by agentCode, ac or its subdomain', async () => {
    for (const topics of [await faqOf({ agentCode: '6001' }), await faqOf({ ac: '6001' }), await faqOf({}, { host: 'hushi.localhost' })]) {
      expect(itemIds(topics)).toContain('hushi-group');
      expect(topics.flatMap((tp) => tp.items).find((i) => i.id === 'hushi-group')!.a).toContain('护士资格考试宝典微信公众号');
    }
  });

  it('names a bad agent code (400) and refuses an unknown one (404)', async () => {
    expect(await t.callRaw(helpFaq, { agentCode: 'abc' })).toMatchObject({ status: 400, msg: '代理商编号格式不正确' });
    expect(await t.call(helpFaq, { agentCode: '999999' })).toMatchObject({ status: 404, msg: '没有对应代理商信息' });
  });
});

describe('the FAQ file', () => {
  const write = (content: unknown) => {
    const file = join(mkdtempSync(join(tmpdir(), 'faq-')), 'faq.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it('is checked when the server starts: a broken file names the place', () => {
    expect(() => loadFaq(write({ version: 1, topics: [{ id: 'a', name: '甲', items: [{ id: 'x', q: '', a: '答' }] }] }))).toThrow(/topics\.0\.items\.0\.q/);
    expect(() =>
      loadFaq(
        write({
          version: 1,
          topics: [
            {
              id: 'a',
              name: '甲',
              items: [
                { id: 'x', q: '问', a: '答' },
                { id: 'x', q: '问', a: '答' },
              ],
            },
          ],
        }),
      ),
    ).toThrow(/a\/x is used twice/);
  });

  it('drops a topic with nothing for the agent', () => {
    const faq = loadFaq(write({ version: 1, topics: [{ id: 'a', name: '甲', items: [{ id: 'x', q: '问{store}', a: '答', agents: ['6001'] }] }] }));
    expect(faqFor(faq, { code: '888', storeName: '考试宝典' })).toEqual([]);
    expect(faqFor(faq, { code: '6001', storeName: '护考' })).toEqual([{ id: 'a', name: '甲', items: [{ id: 'x', q: '问护考', a: '答' }] }]);
  });
});
