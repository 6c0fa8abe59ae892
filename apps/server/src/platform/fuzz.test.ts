import { allCalls, type CallDef } from '@kaoshi/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type Body, type TestApp } from '../test/helpers.ts';

/**
 * The contract fuzzed through HTTP (issue 12): every call with random values in its own fields, including control
 * characters, lone surrogates, over-long and non-numeric text, sent in parallel batches with a valid session. No
 * reply may be a crash (body status 500 or a non-200 HTTP status), every refusal is in Chinese, and nothing is
 * logged at error level.
 */
let t: TestApp;
const lines: string[] = [];
let guid: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { logger: { level: 'error', stream: { write: (l) => void lines.push(l) } } } });
  guid = await t.login(DEMO.owner, DEMO.password);
});
afterAll(() => t.close());

const control = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\ud800', '\udfff', '\ufffe');
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.tuple(fc.string({ maxLength: 6 }), control, fc.string({ maxLength: 6 })).map(([a, c, b]) => a + c + b),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -3, max: 3_000_000_000 }).map(String),
  fc.constantFrom('', ' ', '0', '-1', '1e9', 'NaN', 'true', '[]', '{}', '[{"replyID":"x"}]', 'x'.repeat(5000), '中'.repeat(300)),
);

const fieldsOf = (call: CallDef) => Object.keys((call.request as { shape?: object }).shape ?? {}).filter((k) => k !== 'guid');

async function send(call: CallDef, input: Record<string, string>): Promise<{ http: number; body: Body }> {
  const payload = { guid, ...input };
  const res =
    call.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: `${call.path}?${new URLSearchParams(payload)}` })
      : await t.app.inject({
          method: 'POST',
          url: call.path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(payload).toString(),
        });
  return { http: res.statusCode, body: res.json() as Body };
}

describe('the contract under fuzzing', () => {
  it('random and control-character values in every field, ten calls at a time, never crash', async () => {
    const calls = allCalls.filter((c) => c.id !== 'user.logout');
    const batch = fc.array(
      fc.constantFrom(...calls).chain((call) =>
        fc.record({
          call: fc.constant(call),
          input: fc.dictionary(fc.constantFrom(...(fieldsOf(call).length ? fieldsOf(call) : ['x'])), value, { maxKeys: 4 }),
        }),
      ),
      { minLength: 10, maxLength: 10 },
    );
    await fc.assert(
      fc.asyncProperty(batch, async (items) => {
        const replies = await Promise.all(items.map(({ call, input }) => send(call, input)));
        replies.forEach(({ http, body }, i) => {
          const id = items[i]!.call.id;
          expect(http, id).toBe(200);
          expect(body.status, `${id} ${JSON.stringify(items[i]!.input).slice(0, 200)}`).not.toBe(500);
          if (body.status >= 400) expect(body.msg, id).toMatch(/\p{Script=Han}/u);
        });
      }),
      { numRuns: 150 },
    );
    expect(lines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
  });
});
