import { z } from 'zod';
import { isMobile } from './rules/mobile.ts';
import { UPLOAD_KEY_RE, UPLOAD_MSG } from './uploads.ts';

/**
 * Field builders for request schemas. Every value arrives as a string (query string or form body),
 * so numbers are coerced. Each builder carries the field's Chinese label so that a bad input
 * produces a message that names the field (e.g. '手机号格式不正确').
 */
const required = (label: string) => `请填写${label}`;
const badFormat = (label: string) => `${label}格式不正确`;
const tooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;

/**
 * Characters no text field accepts (a database refuses some, logs and screens mangle the rest): C0 controls
 * but tab, line feed and carriage return; DEL and the C1 controls; and UTF-16 surrogates without their pair.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const hasForbiddenChars = (s: string): boolean => FORBIDDEN_CHARS.test(s);
/** The message for a field holding a forbidden character. */
export const forbiddenCharsMsg = (label: string) => `${label}包含不允许的字符`;

/** The Chinese label of each field made by the builders below (for messages about a field found elsewhere). */
const LABELS = new WeakMap<z.ZodType, string>();
const labelled = <T extends z.ZodType>(label: string, schema: T): T => {
  LABELS.set(schema, label);
  return schema;
};

/** A field's label: of the builder that made it, looking through optional, default and nullable wrappers. */
export function fieldLabel(schema: z.ZodType): string | undefined {
  for (let s: z.ZodType | undefined = schema, depth = 0; s && depth < 4; depth++) {
    const label = LABELS.get(s);
    if (label) return label;
    s = (s as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
  }
  return undefined;
}

/** A string schema that refuses forbidden characters, naming the field. */
export const cleanString = (label: string, error = badFormat(label)) => z.string({ error }).refine((v) => !hasForbiddenChars(v), { error: forbiddenCharsMsg(label) });

export const text = (label: string, max = 200) =>
  labelled(
    label,
    cleanString(label, required(label))
      .trim()
      .min(1, { error: required(label) })
      .max(max, { error: tooLong(label, max) }),
  );

export const optText = (label: string, max = 200) =>
  labelled(
    label,
    cleanString(label)
      .trim()
      .max(max, { error: tooLong(label, max) })
      .optional(),
  );

/** Blank text is "missing", never 0 (z.coerce.number would turn '' into 0). */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const int = (label: string, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  labelled(
    label,
    z.preprocess(
      (v) => {
        const b = blankToUndefined(v);
        return b === undefined ? undefined : Number(b);
      },
      z
        .number({ error: (iss) => (iss.input === undefined ? required(label) : badFormat(label)) })
        .int({ error: badFormat(label) })
        .min(min, { error: badFormat(label) })
        .max(max, { error: badFormat(label) }),
    ),
  );

export const optInt = (label: string, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  labelled(
    label,
    z.preprocess((v) => (v === null ? undefined : blankToUndefined(v)), int(label, min, max).optional()),
  );

/** The largest id a database integer column holds. */
export const ID_MAX = 2_147_483_647;
/** A database id (subject, chapter, question, paper, session…) named by its label: a whole number from 1. */
export const dbId = (label: string) => int(label, 1, ID_MAX);
export const optDbId = (label: string) => optInt(label, 1, ID_MAX);
/** The fields most calls share. */
export const appID = () => dbId('科目编号');
export const optAppID = () => optDbId('科目编号');
export const cptID = () => dbId('章节编号');
export const optCptID = () => optDbId('章节编号');
export const allTestID = () => dbId('试题编号');
export const examHistoryID = () => dbId('考试记录编号');
export const paperID = () => optDbId('试卷编号');
/** A page number of a paged list. */
export const page = () => optInt('页码', 1, 100_000);

/** Mainland mobile number (spec §5): 11 digits, first 1, second 3–9. */
export const mobile = (label = '手机号') =>
  labelled(
    label,
    z
      .string({ error: required(label) })
      .trim()
      .refine(isMobile, { error: `请输入正确的${label}` }),
  );

/** The client sends the lowercase hex MD5 of the typed password (spec: "sent as a hash"). */
export const passwordHash = (label = '密码') => labelled(label, z.string({ error: required(label) }).regex(/^[0-9a-f]{32}$/, { error: `${label}格式不正确` }));

/** SMS verification code: 6 digits. */
export const smsCode = (label = '验证码') =>
  labelled(
    label,
    z
      .string({ error: required(label) })
      .trim()
      .regex(/^\d{6}$/, { error: '请输入6位数字验证码' }),
  );

/** Session id handed out at login. */
export const guid = () => labelled('登录信息', z.string({ error: '请先登录' }).trim().min(16, { error: '请先登录' }).max(128));

/** Agent code (tenant). */
export const agentCode = () =>
  labelled(
    '代理商编号',
    z
      .string({ error: badFormat('代理商编号') })
      .trim()
      .regex(/^\d{1,12}$/, { error: badFormat('代理商编号') }),
  );

/** "true"/"false"/"1"/"0" from a form or query string. */
export const flag = () =>
  z.preprocess((v) => (v === 'true' || v === '1' || v === 1 || v === true ? true : v === undefined || v === '' ? undefined : false), z.boolean().optional());

/** One of a fixed list of values, refused in Chinese: '<label>格式不正确'. */
export const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) => z.enum(values, { error: `${label}格式不正确` });

/** A client's idempotency key for one attempt (an order): letters, digits and '-', 8–64 long. */
export const requestKey = () => labelled('请求编号', z.string({ error: required('请求编号') }).regex(/^[A-Za-z0-9-]{8,64}$/, { error: badFormat('请求编号') }));

/** Huabei (花呗) instalment counts Alipay offers; an order takes one of them as hbfqnum, or none. */
export const HUABEI_PERIODS = [3, 6, 12] as const;

/** hbfqnum of an order: 3, 6 or 12 periods (none or 0: paid at once). */
export const hbfqnum = () =>
  optInt('花呗分期期数', 0, 12).refine((v) => v === undefined || v === 0 || (HUABEI_PERIODS as readonly number[]).includes(v), { error: '花呗分期期数格式不正确' });

/** The longest lesson whose watched seconds a progress save may name (4 hours). */
export const VIDEO_SECONDS_MAX = 4 * 3600;

/**
 * Seconds watched, as half-open ranges `from-to` joined by commas ('0-10,30-42'), at most 100 of them, each
 * within 0–VIDEO_SECONDS_MAX and not empty. Parsed to [[from, to], ...]; '' or none is no range.
 */
export const secondRanges = () =>
  labelled(
    '观看区间',
    z
      .preprocess((v) => v ?? '', z.string({ error: badFormat('观看区间') }).regex(/^(\d{1,5}-\d{1,5})?(,\d{1,5}-\d{1,5}){0,99}$/, { error: badFormat('观看区间') }))
      .transform((v) => (v === '' ? [] : v.split(',').map((r) => r.split('-').map(Number) as [number, number])))
      .refine((rs) => rs.every(([a, b]) => a < b && b <= VIDEO_SECONDS_MAX), { error: badFormat('观看区间') }),
  );

/** An upload's key (calls/upload.ts): u/<userID>/<purpose>/<random>.jpg; the server checks it is the caller's. */
export const uploadKey = () => labelled('图片', z.string({ error: UPLOAD_MSG.notYours }).regex(UPLOAD_KEY_RE, { error: UPLOAD_MSG.notYours }));
