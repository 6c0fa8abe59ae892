import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feedbackSubmit, profileUpdate, uploadImage } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/index.ts';
import { b64, testImage } from '../../test/images.ts';
import { createTestApp, nextPhone, type TestApp } from '../../test/helpers.ts';
import { UPLOAD_KEEP_MS } from './index.ts';

/**
 * Orphan uploads (docs/uploads.md): an image nothing took within UPLOAD_KEEP_MS — an avatar never set, a screenshot
 * never sent — is deleted by the hourly sweep, file and row; what a profile or a feedback took stays.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'orphans-test-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = async (guid: string, purpose: 'avatar' | 'feedback') => {
  const res = await t.call(uploadImage, { guid, purpose, data: b64(await testImage('png')) });
  expect(res, res.msg).toMatchObject({ status: 200 });
  return res.data as { key: string; url: string };
};
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const row = async (key: string) => (await t.db.select().from(uploads).where(eq(uploads.key, key)))[0];

describe('the orphan sweep', () => {
  it('deletes after a day what nothing took, and keeps the avatar set and the screenshot sent', async () => {
    const { guid } = await t.register(nextPhone());
    const [set, abandoned, sent, unsent] = [await upload(guid, 'avatar'), await upload(guid, 'avatar'), await upload(guid, 'feedback'), await upload(guid, 'feedback')];
    expect(await row(abandoned.key)).toMatchObject({ purpose: 'avatar', keptAt: null });
    expect((await t.call(profileUpdate, { guid, avatar: set.key })).status).toBe(200);
    const filed = await t.call(feedbackSubmit, { guid, category: 'bug', content: '提交答案后页面没有反应，请帮忙看看。', images: sent.key });
    expect(filed.status, filed.msg).toBe(200);
    expect((await row(set.key))?.keptAt).toBeInstanceOf(Date);
    expect((await row(sent.key))?.keptAt).toBeInstanceOf(Date);

    // Within the day nothing goes: the learner may still be filling in the form.
    t.clock.advance(UPLOAD_KEEP_MS - 60_000);
    expect(await t.app.uploads.sweep()).toBe(0);
    expect(await served(abandoned.url)).toBe(200);

    t.clock.advance(2 * 60_000);
    expect(await t.app.uploads.sweep()).toBe(2);
    expect(await served(abandoned.url)).toBe(404);
    expect(await row(abandoned.key)).toBeUndefined();
    expect(await row(unsent.key)).toBeUndefined();
    expect(await served(set.url)).toBe(200);
    expect(await row(sent.key)).toBeDefined();
    // Run again (another process, the next hour): nothing more.
    expect(await t.app.uploads.sweep()).toBe(0);
    // A key swept away can no longer be handed in.
    expect((await t.call(feedbackSubmit, { guid, category: 'bug', content: '提交答案后页面没有反应，请帮忙看看。', images: unsent.key })).status).toBe(400);
  });

  it('a replaced avatar goes at once, file and row', async () => {
    const { guid } = await t.register(nextPhone());
    const [first, second] = [await upload(guid, 'avatar'), await upload(guid, 'avatar')];
    await t.call(profileUpdate, { guid, avatar: first.key });
    await t.call(profileUpdate, { guid, avatar: second.key });
    expect(await served(first.url)).toBe(404);
    expect(await row(first.key)).toBeUndefined();
    expect((await row(second.key))?.keptAt).toBeInstanceOf(Date);
  });
});
