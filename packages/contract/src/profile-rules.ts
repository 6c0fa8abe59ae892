import { cutToWidth } from './rules/text-width.ts';

/**
 * The learner's profile (issue 21; docs/profile.md): the rules shared by calls/profile.ts, the server and the web app.
 * Zod-free, so the web bundle gets them as they are.
 */

/** Spec §5 text width of a nickname: Chinese characters count 2, others 1 (8 汉字 or 16 letters). */
export const NICKNAME_MAX_WIDTH = 16;
/** A QQ number: digits only (spec §5 integer), 5 to 11 of them, never starting with 0. */
export const QQ_RE = /^[1-9][0-9]{4,10}$/;

export const EDUCATIONS = [
  { code: 'junior', name: '初中及以下' },
  { code: 'senior', name: '高中' },
  { code: 'secondary', name: '中专' },
  { code: 'college', name: '大专' },
  { code: 'bachelor', name: '本科' },
  { code: 'master', name: '硕士' },
  { code: 'doctor', name: '博士及以上' },
] as const;
export type EducationCode = (typeof EDUCATIONS)[number]['code'];

export const PROFESSIONS = [
  { code: 'nurse', name: '护士' },
  { code: 'physician', name: '医生' },
  { code: 'pharmacist', name: '药师' },
  { code: 'technician', name: '医技人员' },
  { code: 'tcm', name: '中医从业者' },
  { code: 'student', name: '在校学生' },
  { code: 'teacher', name: '教师' },
  { code: 'public', name: '公务员/事业单位' },
  { code: 'company', name: '企业职员' },
  { code: 'other', name: '其他' },
] as const;
export type ProfessionCode = (typeof PROFESSIONS)[number]['code'];

/** The Chinese name of a code of EDUCATIONS or PROFESSIONS ('' when none or unknown). */
export const codeName = (list: readonly { code: string; name: string }[], code: string | null | undefined): string => list.find((x) => x.code === code)?.name ?? '';

/**
 * A nickname as saved: as typed, trimmed, cut to NICKNAME_MAX_WIDTH (the web cuts as it is typed, so it arrives cut).
 * The server refuses one with a banned word (CONTENT_MSG.banned, rules/content-filter.ts); nothing is replaced.
 */
export const cleanNickname = (value: string): string => cutToWidth(value.trim(), NICKNAME_MAX_WIDTH).trim();

/** The fields profile.update's `clear` may empty (a nickname is never empty). */
export const PROFILE_CLEARABLE = ['qq', 'education', 'profession', 'avatar'] as const;
export type ProfileClearable = (typeof PROFILE_CLEARABLE)[number];

export const PROFILE_MSG = {
  nickEmpty: '请填写昵称',
  nickTooLong: '昵称过长',
  /** The saved nickname differs from the typed one (cut at the width limit). */
  nickChanged: '昵称过长，已截取前面的部分保存',
  qq: 'QQ号格式不正确',
  education: '学历格式不正确',
  profession: '职业格式不正确',
  nothing: '请选择要修改的资料',
  clear: '要清除的资料格式不正确',
  saved: '保存成功',
  avatarSaved: '头像已更新',
} as const;
