import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AGREEMENT_DOC_MSG,
  AGREEMENT_MSG,
  AGREEMENT_OUTDATED_MSG,
  AGREEMENT_VERSION,
  agreementAccept,
  agreementCalls,
  agreementDocument,
  agreementList,
  userlogin,
} from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, freshIp, md5, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { loadAgreements } from './agreements.ts';

/**
 * The 用户协议 and 隐私政策 (docs/account-security.md): versioned documents read from content/agreements, the
 * learner's consents (PIPL: what they accepted, when, how), and the ask-again when a newer version exists.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The seeded older account: accepted only the 2026-02-01 texts, password a123456 (content/demo/learners.json). */
const OLD_ACCOUNT = { phone: '13700000000', password: 'a123456' };
const login = (phone: string, password: string) => t.call(userlogin, { username: phone, password: md5(password) }, { ip: freshIp() });

describe('documents', () => {
  it('serves the current version of each text to anyone, and an earlier one by its version', async () => {
    const terms = await t.call(agreementDocument, { kind: 'terms' });
    expect(terms).toMatchObject({ status: 200, data: { kind: 'terms', title: '用户协议', version: AGREEMENT_VERSION, current: true } });
    expect(terms.data.body).toContain('注销');
    const privacy = await t.call(agreementDocument, { kind: 'privacy' });
    expect(privacy.data.body).toContain('个人信息保护法');
    const old = await t.call(agreementDocument, { kind: 'privacy', version: '2026-02-01' });
    expect(old).toMatchObject({ status: 200, data: { version: '2026-02-01', current: false, title: '隐私政策' } });
  });

  it('400 naming the field, 404 for a version that does not exist', async () => {
    expect(await t.callRaw(agreementDocument, { kind: 'cookies' })).toMatchObject({ status: 400, msg: AGREEMENT_DOC_MSG.kind });
    expect(await t.callRaw(agreementDocument, {})).toMatchObject({ status: 400, msg: AGREEMENT_DOC_MSG.kind });
    expect(await t.callRaw(agreementDocument, { kind: 'terms', version: '../../etc' })).toMatchObject({ status: 400, msg: AGREEMENT_DOC_MSG.version });
    expect(await t.callRaw(agreementDocument, { kind: 'terms', version: '2020-01-01' })).toMatchObject({ status: 404, msg: AGREEMENT_DOC_MSG.unknown });
  });

  it('the server refuses documents whose newest version is not the contract version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agreements-'));
    writeFileSync(join(dir, 'index.json'), JSON.stringify({ versions: [{ version: '2099-01-01', effectiveAt: '2099-01-01', summary: '新' }] }));
    mkdirSync(join(dir, '2099-01-01'));
    for (const k of ['terms', 'privacy']) writeFileSync(join(dir, '2099-01-01', `${k}.md`), '# x');
    expect(() => loadAgreements(dir)).toThrow(/AGREEMENT_VERSION/);
    expect(loadAgreements()[0]!.version).toBe(AGREEMENT_VERSION);
  });
});

describe('the list and consents', () => {
  it('needs a session (401) for the list and accepting', async () => {
    expect(await t.callRaw(agreementList, {})).toEqual(NOT_LOGGED_IN);
    expect(await t.callRaw(agreementAccept, { agreed: AGREEMENT_VERSION })).toEqual(NOT_LOGGED_IN);
    expect(Object.values(agreementCalls).filter((c) => c.needsSession)).toHaveLength(2);
  });

  it('lists the current version, the earlier ones and what this learner accepted', async () => {
    const { guid } = await t.register(nextPhone());
    const body = await t.call(agreementList, { guid });
    expect(body.data).toMatchObject({ current: { version: AGREEMENT_VERSION }, history: [{ version: '2026-02-01' }], accepted: true });
    expect(body.data.consents).toEqual([{ version: AGREEMENT_VERSION, via: 'register', acceptedAt: new Date(t.clock.now).toISOString() }]);
  });

  it('a demo learner seeded with the current version is not asked again', async () => {
    expect((await login(DEMO.learner, DEMO.password)).data).toMatchObject({ consentNeeded: false, weakPassword: false });
  });

  it('a learner who accepted only an older version is asked at every login until they accept; each learner sees only their own record', async () => {
    const first = await login(OLD_ACCOUNT.phone, OLD_ACCOUNT.password);
    expect(first.data).toMatchObject({ consentNeeded: true, weakPassword: true });
    const guid = first.data.guid as string;
    expect((await t.call(agreementList, { guid })).data).toMatchObject({ accepted: false, consents: [{ version: '2026-02-01', via: 'seed' }] });
    expect((await login(OLD_ACCOUNT.phone, OLD_ACCOUNT.password)).data).toMatchObject({ consentNeeded: true });

    expect(await t.call(agreementAccept, { guid })).toMatchObject({ status: 400, msg: AGREEMENT_MSG });
    expect(await t.callRaw(agreementAccept, { guid, agreed: '2026-02-01' })).toMatchObject({ status: 400, msg: AGREEMENT_OUTDATED_MSG });
    const ip = freshIp();
    t.clock.advance(60_000);
    const accepted = await t.call(agreementAccept, { guid, agreed: AGREEMENT_VERSION }, { ip });
    expect(accepted).toEqual({ status: 200, msg: '', data: { version: AGREEMENT_VERSION, acceptedAt: new Date(t.clock.now).toISOString() } });
    // Accepting again keeps the first record.
    t.clock.advance(60_000);
    expect((await t.call(agreementAccept, { guid, agreed: AGREEMENT_VERSION })).data.acceptedAt).toBe(accepted.data.acceptedAt);

    const list = (await t.call(agreementList, { guid })).data;
    expect(list.accepted).toBe(true);
    expect(list.consents.map((c: { version: string; via: string }) => [c.version, c.via])).toEqual([
      [AGREEMENT_VERSION, 'reconsent'],
      ['2026-02-01', 'seed'],
    ]);
    expect((await login(OLD_ACCOUNT.phone, OLD_ACCOUNT.password)).data).toMatchObject({ consentNeeded: false });
    // Another learner's list shows only theirs.
    const other = await t.register(nextPhone());
    expect((await t.call(agreementList, { guid: other.guid })).data.consents).toHaveLength(1);
  });
});
