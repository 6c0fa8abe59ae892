import { z } from 'zod';
import { defineCall } from '../call.ts';
import { cleanString, guid, uploadKey } from '../fields.ts';
import { EDUCATIONS, PROFESSIONS, PROFILE_CLEARABLE, PROFILE_MSG, QQ_RE } from '../profile-rules.ts';

/**
 * The learner's profile (/userInfoPage and its editors; docs/profile.md): avatar (an upload key, calls/upload.ts),
 * nickname (text width of spec §5; a banned word is refused, nothing replaced), QQ (spec §5 integer), education and profession (the code lists of
 * ../profile-rules.ts, shown by their Chinese names). Always the session's own learner.
 */

export const profile = z.object({
  userID: z.number().int(),
  userName: z.string(),
  /** The learner's own phone ('' when none); screens show it masked. */
  phone: z.string(),
  nickName: z.string(),
  /** The avatar's upload key, or '' (the default avatar: the nickname's first character). */
  avatar: z.string(),
  /** Where the avatar is served ('' when none). */
  avatarUrl: z.string(),
  qq: z.string(),
  /** A code of EDUCATIONS, or ''. */
  education: z.string(),
  /** A code of PROFESSIONS, or ''. */
  profession: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const profileGet = defineCall({
  id: 'profile.get',
  method: 'GET',
  path: '/api/profile',
  group: 'general',
  needsSession: true,
  summary: "/userInfoPage: the signed-in learner's profile.",
  request: z.object({ guid: guid() }),
  data: profile,
});

const codeOf = <T extends readonly { code: string }[]>(list: T, error: string) =>
  z.enum(list.map((x) => x.code) as unknown as [T[number]['code'], ...T[number]['code'][]], { error }).optional();

export const profileUpdate = defineCall({
  id: 'profile.update',
  method: 'POST',
  path: '/api/profile/update',
  group: 'general',
  needsSession: true,
  summary:
    'Change profile fields: nickname (as typed, cut to the §5 width; a banned word is refused), QQ, education, profession, avatar (an avatar upload of this learner; the old file is deleted), or empty those named in `clear`. Answers the new profile.',
  request: z.object({
    guid: guid(),
    nickName: cleanString('昵称', PROFILE_MSG.nickEmpty).trim().min(1, { error: PROFILE_MSG.nickEmpty }).max(64, { error: PROFILE_MSG.nickTooLong }).optional(),
    qq: cleanString('QQ号', PROFILE_MSG.qq).trim().regex(QQ_RE, { error: PROFILE_MSG.qq }).optional(),
    education: codeOf(EDUCATIONS, PROFILE_MSG.education),
    profession: codeOf(PROFESSIONS, PROFILE_MSG.profession),
    avatar: uploadKey().optional(),
    /**
     * Fields to empty, comma-separated (a blank field is a missing one on every call, so '' cannot clear): qq,
     * education, profession, avatar (back to the default avatar; the file is deleted).
     */
    clear: cleanString('清除项', PROFILE_MSG.clear)
      .transform((v) => [...new Set(v.split(',').map((x) => x.trim()))])
      .pipe(z.array(z.enum(PROFILE_CLEARABLE, { error: PROFILE_MSG.clear })))
      .optional(),
  }),
  data: profile,
});

export const profileCalls = { profileGet, profileUpdate } as const;
