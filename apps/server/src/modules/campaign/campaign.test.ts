import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bannerArticleCall, CAMPAIGN_MSG, CAMPAIGN_PAGES, campaignPageCall, courseVersionsCall, SAMPLE_COUNT, sampleQuestionsCall, submitReply } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, replyIds, type TestApp } from '../../test/helpers.ts';
import { CAMPAIGN_DIR, loadCampaignContent } from './content.ts';

/**
 * The guest and campaign calls through HTTP (docs/guest-campaign.md): the landing pages, a banner's article (per
 * tenant, ended or not), and the trial centre's sample questions, which a learner who registers afterwards may answer
 * again as a trial learner (what /openAccount does with a tourist's answers). All three are public reads.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('campaign.page', () => {
  it('answers every landing page, without a session, with in-app links only', async () => {
    for (const page of CAMPAIGN_PAGES) {
      const body = await t.call(campaignPageCall, { page });
      expect(body.status, page).toBe(200);
      expect(body.data.key).toBe(page);
      expect(body.data.sections.length).toBeGreaterThan(0);
      const links = [...body.data.actions.map((a: { link: string }) => a.link), ...body.data.sections.flatMap((s: { items: { link: string }[] }) => s.items.map((i) => i.link))];
      for (const link of links) expect(link === '' || /^\/[A-Za-z]/.test(link), link).toBe(true);
    }
  });

  it('names the bad field (400) and refuses an unknown agent (404)', async () => {
    expect(await t.call(campaignPageCall, { page: 'nope' })).toEqual({ status: 400, msg: '页面格式不正确', data: null });
    expect(await t.call(campaignPageCall, {})).toMatchObject({ status: 400, msg: '页面格式不正确' });
    expect(await t.call(campaignPageCall, { page: 'wgzx', ac: '999999' })).toMatchObject({ status: 404, msg: '没有对应代理商信息' });
  });

  it('refuses a content file with a link that leaves the app, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'campaign-'));
    for (const f of readdirSync(CAMPAIGN_DIR)) writeFileSync(join(dir, f), readFileSync(join(CAMPAIGN_DIR, f)));
    const page = JSON.parse(readFileSync(join(dir, 'wgzx.json'), 'utf8'));
    page.actions[0].link = 'https://evil.example/';
    writeFileSync(join(dir, 'wgzx.json'), JSON.stringify(page));
    expect(() => loadCampaignContent(`${dir}/`)).toThrow(/wgzx\.json.*not an in-app path/s);
  });
});

describe('campaign.bannerArticle', () => {
  it("answers a banner of the tenant with its article and the article's own call to action", async () => {
    const body = await t.call(bannerArticleCall, { id: 102 });
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({ ManagementID: 102, Title: '护士执业资格 VIP班', Link: '/buyapp', ActionText: '了解 VIP班', ended: false, date: '2026-10-15' });
    expect(body.data.body).toContain('## VIP班包含什么');
  });

  it('says when the banner has ended (its article stays readable)', async () => {
    expect((await t.call(bannerArticleCall, { id: 106 })).data).toMatchObject({ ManagementID: 106, ended: true, Link: '' });
  });

  it("refuses another tenant's banner and a banner without an article (404), a bad id (400)", async () => {
    // 105 is the 6001 tenant's own banner: readable there, not on the default tenant.
    expect(await t.call(bannerArticleCall, { id: 105 })).toEqual({ status: 404, msg: CAMPAIGN_MSG.unknownArticle, data: null });
    expect((await t.call(bannerArticleCall, { id: 105, ac: '6001' })).status).toBe(200);
    expect(await t.call(bannerArticleCall, { id: 201 })).toEqual({ status: 404, msg: CAMPAIGN_MSG.unknownArticle, data: null });
    expect(await t.call(bannerArticleCall, { id: 'x' })).toMatchObject({ status: 400, msg: expect.stringContaining('活动编号') });
    expect(await t.call(bannerArticleCall, {})).toMatchObject({ status: 400, msg: expect.stringContaining('活动编号') });
  });
});

describe('campaign.samples', () => {
  it("answers single items of the subject's first chapter open to a trial, without a session", async () => {
    const body = await t.call(sampleQuestionsCall, { appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data.appName).toBe('护士执业资格');
    expect(body.data.list.length).toBeGreaterThan(0);
    expect(body.data.list.length).toBeLessThanOrEqual(SAMPLE_COUNT);
    for (const q of body.data.list) {
      expect(['A1', 'A2', 'X', 'TF']).toContain(q.childTableName);
      expect(q.options.length).toBeGreaterThan(0);
      expect(q.cptID).toBe(body.data.list[0].cptID);
    }
  });

  it('lets a learner who registers afterwards answer them as a trial learner (the /openAccount replay)', async () => {
    const samples = (await t.call(sampleQuestionsCall, { appID: 1001 })).data.list;
    const { guid } = await t.register(nextPhone());
    const rid = replyIds('tourist');
    for (const q of samples) {
      const reply = typeof q.answer === 'string' ? q.answer : q.answer.join('');
      const body = await t.call(submitReply, { guid, appID: 1001, cptID: q.cptID, allTestID: q.allTestID, lastUserReply: reply, replyID: rid() });
      expect(body, `question ${q.allTestID}`).toMatchObject({ status: 200, data: { right: true, stored: true } });
    }
  });

  it('names the bad field (400), refuses an unknown subject (404)', async () => {
    expect(await t.call(sampleQuestionsCall, {})).toMatchObject({ status: 400, msg: expect.stringContaining('科目编号') });
    expect(await t.call(sampleQuestionsCall, { appID: 'abc' })).toMatchObject({ status: 400, msg: expect.stringContaining('科目编号') });
    expect(await t.call(sampleQuestionsCall, { appID: 999_999 })).toEqual({ status: 404, msg: '科目不存在', data: null });
  });
});

describe('campaign.courseVersions', () => {
  it("answers the versions a guest may buy with the tenant's list prices, the tenant's own price first", async () => {
    const body = await t.call(courseVersionsCall, { appID: 1001 });
    expect(body.status).toBe(200);
    expect(body.data.appName).toBe('护士执业资格');
    const vip = body.data.list.find((v: { vn: string }) => v.vn === '2');
    expect(vip).toMatchObject({ vname: 'VIP班', priceFen: 39800, originalFen: 59800 });
    expect(vip.modules.length).toBeGreaterThan(0);
    // Simulated variants are not on the purchase list.
    expect(body.data.list.some((v: { vname: string }) => v.vname.endsWith('_MNDB'))).toBe(false);
    // 6001 sells 1001 for less (content/demo/prices.json).
    const own = (await t.call(courseVersionsCall, { appID: 1001, ac: '6001' })).data.list.find((v: { vn: string }) => v.vn === '2');
    expect(own.priceFen).toBeLessThan(39800);
  });

  it('names the bad field (400), refuses an unknown subject or one the tenant does not sell (404)', async () => {
    expect(await t.call(courseVersionsCall, {})).toMatchObject({ status: 400, msg: expect.stringContaining('科目编号') });
    expect(await t.call(courseVersionsCall, { appID: 999_999 })).toEqual({ status: 404, msg: '科目不存在', data: null });
    expect(await t.call(courseVersionsCall, { appID: 1001, ac: '999999' })).toMatchObject({ status: 404, msg: '没有对应代理商信息' });
  });
});
