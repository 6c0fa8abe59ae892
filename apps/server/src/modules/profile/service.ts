import { cleanNickname, CONTENT_MSG, hasBannedWords, PROFILE_MSG, UPLOAD_MSG, type Profile, type ProfileClearable } from '@kaoshi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badInput, notFound } from '../../platform/errors.ts';
import type { Uploads } from '../upload/index.ts';
import type { ProfileChange, ProfileRow, ProfileStore } from './store.ts';

/** What profile.update may carry: each field absent (unchanged) or a value already checked by the contract; `clear` empties. */
export interface ProfileInput {
  nickName?: string;
  qq?: string;
  education?: string;
  profession?: string;
  avatar?: string;
  clear?: readonly ProfileClearable[];
}

const NO_ACCOUNT = '账号不存在';

/** The learner's profile (docs/profile.md): always the session's own row. */
export function createProfileService(deps: {
  store: ProfileStore;
  uploads: Pick<Uploads, 'uploadOwnedBy' | 'uploadUrl' | 'deleteUpload' | 'keepUploads'>;
  log: FastifyBaseLogger;
}) {
  const { store, uploads } = deps;

  const profileOf = (r: ProfileRow): Profile => ({
    userID: r.id,
    userName: r.userName,
    phone: r.phone ?? '',
    nickName: r.nickName,
    avatar: r.avatar ?? '',
    avatarUrl: r.avatar ? uploads.uploadUrl(r.avatar) : '',
    qq: r.qq ?? '',
    education: r.education ?? '',
    profession: r.profession ?? '',
  });

  return {
    async get(userId: number): Promise<Profile> {
      const row = await store.get(userId);
      if (!row) throw notFound(NO_ACCOUNT);
      return profileOf(row);
    },

    async update(userId: number, input: ProfileInput): Promise<Profile> {
      const change: ProfileChange = {};
      if (input.nickName !== undefined) {
        const nick = cleanNickname(input.nickName);
        if (!nick) throw badInput(PROFILE_MSG.nickEmpty);
        if (hasBannedWords(nick)) throw badInput(CONTENT_MSG.banned);
        change.nickName = nick;
      }
      if (input.qq !== undefined) change.qq = input.qq;
      if (input.education !== undefined) change.education = input.education;
      if (input.profession !== undefined) change.profession = input.profession;
      if (input.avatar !== undefined) {
        if (!(await uploads.uploadOwnedBy(userId, input.avatar, 'avatar'))) throw badInput(UPLOAD_MSG.notYours);
        change.avatar = input.avatar;
      }
      for (const field of input.clear ?? []) {
        // Setting and emptying one field at once is a client's mistake, not a choice to guess.
        if (change[field] !== undefined) throw badInput(PROFILE_MSG.clear);
        change[field] = null;
      }
      if (Object.keys(change).length === 0) throw badInput(PROFILE_MSG.nothing);
      const done = await store.update(userId, change);
      if (!done) throw notFound(NO_ACCOUNT);
      if (change.avatar) await uploads.keepUploads(userId, [change.avatar]);
      const old = done.before.avatar;
      if (old && old !== done.after.avatar) {
        // The old file goes; a failure leaves an orphan file, never a broken profile.
        await uploads.deleteUpload(old).catch((err: unknown) => deps.log.warn({ err, userId }, 'old avatar not deleted'));
      }
      return profileOf(done.after);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
