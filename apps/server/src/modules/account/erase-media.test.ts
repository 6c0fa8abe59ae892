import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountDeletionCode, accountRequestDeletion, DELETION_COOLING_OFF_MS, uploadImage } from '@kaoshi/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { feedbacks, users } from '../../db/schema/index.ts';
import { b64, testImage } from '../../test/images.ts';
import { createTestApp, freshIp, nextPhone, type TestApp } from '../../test/helpers.ts';

/** The erasure deletes the account's uploaded images (avatar, feedback screenshots) from the media store. */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'erase-media-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const files = async (userId: number, purpose: string) => readdir(join(dir, 'u', String(userId), purpose)).catch(() => [] as string[]);

it('deletes the avatar and the screenshots of an erased account, and only those', async () => {
  const phone = nextPhone();
  const { guid, userID } = await t.register(phone);
  const other = await t.register(nextPhone());
  const upload = async (g: string, purpose: 'avatar' | 'feedback') => (await t.call(uploadImage, { guid: g, purpose, data: b64(await testImage('png')) })).data.key as string;
  const avatar = await upload(guid, 'avatar');
  const shot = await upload(guid, 'feedback');
  const theirs = await upload(other.guid, 'avatar');
  await t.db.update(users).set({ avatar }).where(eq(users.id, userID));
  await t.db.update(users).set({ avatar: theirs }).where(eq(users.id, other.userID));
  await t.db.insert(feedbacks).values({ userId: userID, agentCode: '888', category: 'bug', content: '闪退', images: [shot], client: {}, createdAt: new Date(t.clock.now) });
  expect(await files(userID, 'avatar')).toHaveLength(1);
  expect(await files(userID, 'feedback')).toHaveLength(1);

  t.clock.advance(61_000);
  expect((await t.call(accountDeletionCode, { guid }, { ip: freshIp() })).status).toBe(200);
  expect((await t.call(accountRequestDeletion, { guid, code: await t.lastSmsCode(phone), confirm: '1' })).status).toBe(200);
  t.clock.advance(DELETION_COOLING_OFF_MS + 1000);
  expect(await t.app.accountErasure.run()).toBe(1);

  expect(await files(userID, 'avatar')).toEqual([]);
  expect(await files(userID, 'feedback')).toEqual([]);
  expect(await files(other.userID, 'avatar')).toHaveLength(1);
});
