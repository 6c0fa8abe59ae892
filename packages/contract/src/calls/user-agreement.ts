import { z } from 'zod';
import { defineCall } from '../call.ts';
import { guid } from '../fields.ts';

/**
 * The 用户协议 and 隐私政策 (docs/account-security.md): versioned documents in content/agreements/, one version
 * for the pair, named by the date of its text. Registration and code login send the version accepted; a learner
 * whose last accepted version is older is asked again after login (loginData.consentNeeded) and answers through
 * agreement.accept. The server refuses to start when its newest document is not AGREEMENT_VERSION.
 */
export const AGREEMENT_VERSION = '2026-11-20';
export const AGREEMENT_MSG = '请先阅读并同意用户协议和隐私政策';
export const AGREEMENT_OUTDATED_MSG = '用户协议已更新，请刷新页面后重新阅读并同意';

export const AGREEMENT_KINDS = ['terms', 'privacy'] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];
export const AGREEMENT_TITLES: Record<AgreementKind, string> = { terms: '用户协议', privacy: '隐私政策' };

/** How a consent was given: the registration form, the code-login form, the ask-again after a new version, or the demo seed. */
export const CONSENT_VIA = { register: '注册时同意', codelogin: '验证码登录时同意', reconsent: '更新后重新同意', seed: '账号迁移时同意' } as const;

export const AGREEMENT_DOC_MSG = {
  kind: '文档类型不正确',
  version: '版本格式不正确',
  unknown: '该版本的文档不存在',
} as const;

const kind = () => z.enum(AGREEMENT_KINDS, { error: AGREEMENT_DOC_MSG.kind });

/** One version of the pair: its date (the version), when it took effect and what changed. */
export const agreementVersion = z.object({ version: z.string(), effectiveAt: z.string(), summary: z.string() });

export const agreementList = defineCall({
  id: 'agreement.list',
  method: 'GET',
  path: '/api/agreement/list',
  group: 'general',
  needsSession: true,
  summary: '/agreementList: the current version of the 用户协议 and 隐私政策, every earlier version, and which versions this learner accepted (when, how).',
  request: z.object({ guid: guid() }),
  data: z.object({
    current: agreementVersion,
    history: z.array(agreementVersion),
    /** Whether the learner has accepted the current version (false: ask again). */
    accepted: z.boolean(),
    consents: z.array(z.object({ version: z.string(), via: z.string(), acceptedAt: z.string() })),
  }),
});

export const agreementDocument = defineCall({
  id: 'agreement.document',
  method: 'GET',
  path: '/api/agreement/document',
  group: 'general',
  needsSession: false,
  allowedRepeat: true,
  summary: '/information and the login form: one document (markdown, shown without raw HTML), the current version unless one is named.',
  request: z.object({
    kind: kind(),
    version: z
      .string({ error: AGREEMENT_DOC_MSG.version })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AGREEMENT_DOC_MSG.version })
      .optional(),
  }),
  data: z.object({ kind: z.enum(AGREEMENT_KINDS), title: z.string(), version: z.string(), effectiveAt: z.string(), current: z.boolean(), body: z.string() }),
});

export const agreementAccept = defineCall({
  id: 'agreement.accept',
  method: 'POST',
  path: '/api/agreement/accept',
  group: 'general',
  needsSession: true,
  summary: 'The signed-in learner accepts the current version (after loginData.consentNeeded); recorded once per version with time and IP.',
  request: z.object({ guid: guid(), agreed: z.enum([AGREEMENT_VERSION], { error: (iss) => (iss.input === undefined ? AGREEMENT_MSG : AGREEMENT_OUTDATED_MSG) }) }),
  data: z.object({ version: z.string(), acceptedAt: z.string() }),
});

export const agreementCalls = { agreementList, agreementDocument, agreementAccept };
