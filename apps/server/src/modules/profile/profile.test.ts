import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTENT_MSG, getUserInfo, PROFILE_MSG, profileCalls, profileGet, profileUpdate, UPLOAD_MSG, uploadImage } from '@kaoshi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, NOT_LOGGED_IN, type TestApp } from '../../test/helpers.ts';
import { b64, testImage } from '../../test/images.ts';

/**
 * The profile through HTTP (docs/profile.md): read, nickname (as typed, §5 width, banned words refused), QQ (§5 integer), education and
 * profession codes, the avatar from the learner's own avatar upload (the old file deleted), always the session's own.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'profile-test-'));
  t = await createTestApp({ config: { MEDIA_DIR: dir } as never });
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const update = (guid: string, input: Record<string, unknown>) => t.call(profileUpdate, { guid, ...input });
const upload = async (guid: string, purpose: 'avatar' | 'feedback' = 'avatar') =>
  (await t.call(uploadImage, { guid, purpose, data: b64(await testImage('png', 300, 300)) })).data as { key: string; url: string };

describe('every profile call', () => {
  it('needs a session (401)', async () => {
    for (const call of Object.values(profileCalls)) expect(await t.callRaw(call, { nickName: 'x' }), call.id).toEqual(NOT_LOGGED_IN);
  });

  it('names the bad field (400)', async () => {
    const { guid } = await t.register(nextPhone());
    for (const [input, msg] of [
      [{ nickName: '' }, PROFILE_MSG.nothing], // a blank field is a missing one (platform/calls.ts)
      [{ nickName: 'a'.repeat(65) }, PROFILE_MSG.nickTooLong],
      [{ nickName: 'a\u0000b' }, '昵称包含不允许的字符'],
      [{ qq: '1234' }, PROFILE_MSG.qq],
      [{ qq: '123456789012' }, PROFILE_MSG.qq],
      [{ qq: '01234567' }, PROFILE_MSG.qq],
      [{ qq: '12a456' }, PROFILE_MSG.qq],
      [{ qq: '１２３４５６' }, PROFILE_MSG.qq],
      [{ education: 'phd' }, PROFILE_MSG.education],
      [{ profession: 'astronaut' }, PROFILE_MSG.profession],
      [{ avatar: '/etc/passwd' }, UPLOAD_MSG.notYours],
      [{}, PROFILE_MSG.nothing],
      [{ clear: 'nickName' }, PROFILE_MSG.clear],
      [{ clear: 'qq,,x' }, PROFILE_MSG.clear],
      [{ qq: '12345', clear: 'qq' }, PROFILE_MSG.clear],
    ] as const) {
      expect(await update(guid, input), JSON.stringify(input)).toMatchObject({ status: 400, msg });
    }
  });
});

describe('profile.get and profile.update', () => {
  it("reads the session's own profile", async () => {
    const phone = nextPhone();
    const { guid, userID } = await t.register(phone);
    expect((await t.call(profileGet, { guid })).data).toEqual({
      userID,
      userName: phone,
      phone,
      nickName: expect.any(String),
      avatar: '',
      avatarUrl: '',
      qq: '',
      education: '',
      profession: '',
    });
  });

  it('saves a nickname as typed (tags, emoji kept), cut to the §5 width (汉字 count 2), and getUserInfo shows it', async () => {
    const { guid } = await t.register(nextPhone());
    expect((await update(guid, { nickName: '  护理学习小能手加油呀  ' })).data.nickName).toBe('护理学习小能手加');
    expect((await update(guid, { nickName: 'Nurse_Li_2026_abcdef' })).data.nickName).toBe('Nurse_Li_2026_ab');
    expect((await update(guid, { nickName: '小李Amy' })).data.nickName).toBe('小李Amy');
    expect((await update(guid, { nickName: 'Amy😀<b>x</b>' })).data.nickName).toBe('Amy😀<b>x</b>');
    expect((await update(guid, { nickName: 'a<b 且 c>d' })).data.nickName).toBe('a<b 且 c>d');
    expect((await t.call(getUserInfo, { guid })).data.nickName).toBe('a<b 且 c>d');
    expect((await t.call(profileGet, { guid })).data.nickName).toBe('a<b 且 c>d');
  });

  it('refuses a nickname with a banned word (400) and keeps the old one', async () => {
    const { guid } = await t.register(nextPhone());
    await update(guid, { nickName: '小王' });
    expect(await update(guid, { nickName: '草 泥 马' })).toMatchObject({ status: 400, msg: CONTENT_MSG.banned, data: null });
    expect((await t.call(profileGet, { guid })).data.nickName).toBe('小王');
  });

  it('sets and clears QQ, education and profession, leaving the fields not sent as they were', async () => {
    const { guid } = await t.register(nextPhone());
    await update(guid, { nickName: '小王' });
    expect((await update(guid, { qq: ' 10001 ', education: 'bachelor' })).data).toMatchObject({ nickName: '小王', qq: '10001', education: 'bachelor', profession: '' });
    expect((await update(guid, { qq: '12345678901', profession: 'nurse' })).data).toMatchObject({ qq: '12345678901', education: 'bachelor', profession: 'nurse' });
    expect((await update(guid, { clear: 'qq,education' })).data).toMatchObject({ nickName: '小王', qq: '', education: '', profession: 'nurse' });
  });

  it("sets the avatar from the learner's own upload, deletes the replaced file, and goes back to none", async () => {
    const { guid } = await t.register(nextPhone());
    const first = await upload(guid);
    const r = await update(guid, { avatar: first.key });
    expect(r.data).toMatchObject({ avatar: first.key, avatarUrl: first.url });
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(200);

    const second = await upload(guid);
    expect((await update(guid, { avatar: second.key })).data.avatarUrl).toBe(second.url);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    // Setting the same one again keeps its file.
    await update(guid, { avatar: second.key });
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(200);

    expect((await update(guid, { clear: 'avatar' })).data).toMatchObject({ avatar: '', avatarUrl: '' });
    expect((await t.app.inject({ method: 'GET', url: second.url })).statusCode).toBe(404);
  });

  it("refuses another learner's upload, a screenshot as avatar and a key never uploaded; changes only the caller", async () => {
    const a = await t.register(nextPhone());
    const b = await t.register(nextPhone());
    const bAvatar = await upload(b.guid);
    await update(b.guid, { avatar: bAvatar.key, nickName: '小B' });
    expect(await update(a.guid, { avatar: bAvatar.key })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    const shot = await upload(a.guid, 'feedback');
    expect(await update(a.guid, { avatar: shot.key })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });
    expect(await update(a.guid, { avatar: `u/${a.userID}/avatar/${'A'.repeat(24)}.jpg` })).toMatchObject({ status: 400, msg: UPLOAD_MSG.notYours });

    await update(a.guid, { nickName: '小A', qq: '99999' });
    expect((await t.call(profileGet, { guid: b.guid })).data).toMatchObject({ userID: b.userID, nickName: '小B', qq: '', avatar: bAvatar.key });
    expect((await t.app.inject({ method: 'GET', url: bAvatar.url })).statusCode).toBe(200);
  });
});
