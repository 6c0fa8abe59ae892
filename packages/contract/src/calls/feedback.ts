import { z } from 'zod';
import { defineCall } from '../call.ts';
import { agentCode, choice, dbId, guid, optAppID, optText, page, text } from '../fields.ts';
import { UPLOAD_KEY_RE, UPLOAD_MSG } from '../uploads.ts';

/**
 * Help and feedback (issue 21; docs/help-feedback.md): the help centre's FAQ per agent (/customerService,
 * /serviceIndex), and product feedback (/adviceFeedback) with screenshots, my feedback (/feedback) and one feedback
 * with the operator's answer (/feedbackAnswer). An operator answers with `npm run feedback`; the learner hears of it
 * as a message of kind 'feedback'.
 */

export const FEEDBACK_CATEGORIES = [
  { id: 'bug', name: '功能异常' },
  { id: 'content', name: '题目与内容' },
  { id: 'pay', name: '购买与支付' },
  { id: 'account', name: '账号与登录' },
  { id: 'suggest', name: '产品建议' },
  { id: 'other', name: '其他' },
] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number]['id'];
export const FEEDBACK_CATEGORY_IDS = FEEDBACK_CATEGORIES.map((c) => c.id) as [FeedbackCategory, ...FeedbackCategory[]];

export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_STATUS_NAMES: Record<FeedbackStatus, string> = { open: '待回复', answered: '已回复', closed: '已关闭' };

/** The feedback text: spec §5 text width (Chinese 2, others 1), cut at the limit; at least FEEDBACK_MIN_WIDTH. */
export const FEEDBACK_MAX_WIDTH = 400;
export const FEEDBACK_MIN_WIDTH = 10;
export const FEEDBACK_MAX_IMAGES = 4;
export const FEEDBACK_PAGE_SIZE = 20;
/** A learner files at most this many feedbacks an hour, and FEEDBACK_PER_DAY a day. */
export const FEEDBACK_PER_HOUR = 5;
export const FEEDBACK_PER_DAY = 20;
/** The answer an operator writes: at most this many characters. */
export const FEEDBACK_ANSWER_MAX = 1000;
/** The route of one feedback with its answer (the message's link). */
export const FEEDBACK_ANSWER_ROUTE = '/feedbackAnswer';

export const FEEDBACK_MSG = {
  done: '提交成功，感谢您的反馈',
  tooShort: '反馈内容至少5个字',
  badContact: '请填写正确的手机号、QQ号、邮箱或微信号',
  tooManyImages: `最多上传${FEEDBACK_MAX_IMAGES}张截图`,
  tooOften: '反馈太频繁，请稍后再试',
  unknown: '反馈不存在',
  empty: '暂无反馈记录',
  answerTitle: '您的反馈有了回复',
} as const;

/** A contact: a mainland mobile, a QQ number, an e-mail address or a WeChat id. */
const FEEDBACK_CONTACT_RE = /^(?:1[3-9]\d{9}|[1-9]\d{4,10}|[\w.+-]{1,40}@[\w-]{1,40}(?:\.[\w-]{1,40}){1,4}|[A-Za-z][\w-]{5,19})$/;

/** Screenshots: upload keys joined by commas (a form field), at most FEEDBACK_MAX_IMAGES, each the learner's own. */
const imageKeys = () =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'string' ? v.split(',').map((k) => k.trim()) : v),
    z
      .array(z.string().regex(UPLOAD_KEY_RE, { error: UPLOAD_MSG.notYours }), { error: UPLOAD_MSG.notYours })
      .max(FEEDBACK_MAX_IMAGES, { error: FEEDBACK_MSG.tooManyImages })
      .refine((keys) => new Set(keys).size === keys.length, { error: UPLOAD_MSG.notYours }),
  );

export const feedbackImage = z.object({ key: z.string(), url: z.string() });

export const feedbackItem = z.object({
  id: z.number().int(),
  category: z.enum(FEEDBACK_CATEGORY_IDS),
  /** The text as filed (trimmed; never changed by a filter). */
  content: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  imageCount: z.number().int(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

export const feedbackDetail = feedbackItem.extend({
  contact: z.string(),
  images: z.array(feedbackImage),
  answer: z.string().nullable(),
});
export type FeedbackDetail = z.infer<typeof feedbackDetail>;

export const feedbackSubmit = defineCall({
  id: 'feedback.submit',
  method: 'POST',
  path: '/api/feedback/submit',
  group: 'general',
  needsSession: true,
  summary: '/adviceFeedback: file product feedback (category, text, contact, up to 4 screenshots uploaded with upload.image); answers its id.',
  request: z.object({
    guid: guid(),
    category: choice('反馈类型', FEEDBACK_CATEGORY_IDS),
    /** Trimmed and cut to FEEDBACK_MAX_WIDTH; a banned word refuses it (CONTENT_MSG.banned); the raw limit only stops abuse. */
    content: text('反馈内容', 2000),
    contact: optText('联系方式', 60).refine((v) => !v || FEEDBACK_CONTACT_RE.test(v), { error: FEEDBACK_MSG.badContact }),
    images: imageKeys(),
    /** The subject the learner had chosen, and the page they came from (client facts for the operator). */
    appID: optAppID(),
    page: optText('来源页面', 200),
  }),
  data: z.object({ id: z.number().int(), msg: z.string() }),
});

export const feedbackList = defineCall({
  id: 'feedback.list',
  method: 'GET',
  path: '/api/feedback/list',
  group: 'general',
  needsSession: true,
  summary: "/feedback: the learner's own feedback, newest first, with status.",
  request: z.object({ guid: guid(), page: page() }),
  data: z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int(), list: z.array(feedbackItem) }),
});

export const feedbackDetailCall = defineCall({
  id: 'feedback.detail',
  method: 'GET',
  path: '/api/feedback/detail',
  group: 'general',
  needsSession: true,
  summary: "/feedbackAnswer: one of the learner's feedbacks with its screenshots and the operator's answer (another learner's: 404).",
  request: z.object({ guid: guid(), id: dbId('反馈编号') }),
  data: feedbackDetail,
});

/** One FAQ entry: a question and its plain-text answer (paragraphs split by blank lines). */
export const faqItem = z.object({ id: z.string(), q: z.string(), a: z.string() });
export type FaqItem = z.infer<typeof faqItem>;
export const faqTopic = z.object({ id: z.string(), name: z.string(), items: z.array(faqItem) });
export type FaqTopic = z.infer<typeof faqTopic>;

export const helpFaq = defineCall({
  id: 'help.faq',
  method: 'GET',
  path: '/api/help/faq',
  group: 'general',
  needsSession: false,
  allowedRepeat: true,
  summary: "/customerService, /serviceIndex: the FAQ of the tenant (agentCode/ac, else the Host's), topics with their questions.",
  request: z.object({ agentCode: agentCode().optional(), ac: agentCode().optional() }),
  data: z.object({ topics: z.array(faqTopic) }),
});

export const feedbackCalls = { feedbackSubmit, feedbackList, feedbackDetailCall, helpFaq } as const;
