import {
  CONTENT_MSG,
  cutToWidth,
  excerptToWidth,
  FEEDBACK_ANSWER_ROUTE,
  FEEDBACK_MAX_WIDTH,
  FEEDBACK_MIN_WIDTH,
  FEEDBACK_MSG,
  FEEDBACK_PAGE_SIZE,
  FEEDBACK_PER_DAY,
  FEEDBACK_PER_HOUR,
  hasBannedWords,
  textWidth,
  UPLOAD_MSG,
  type FeedbackCategory,
  type FeedbackDetail,
  type FeedbackItem,
} from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound, tooMany } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import type { Uploads } from '../upload/index.ts';
import type { FeedbackRow, FeedbackStore } from './store.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** What the feedback needs of the uploads (modules/upload): whose an upload is, and where it is served. */
export type FeedbackUploads = Pick<Uploads, 'uploadOwnedBy' | 'uploadUrl' | 'keepUploads'>;

export interface FeedbackInput {
  category: FeedbackCategory;
  content: string;
  contact?: string | undefined;
  images: string[];
  appID?: number | undefined;
  page?: string | undefined;
}

/** Facts about the client the learner filed from (for the operator): never the IP or the session. */
export interface ClientFacts {
  client: string;
  clientver: string;
  userAgent: string;
}

export const itemOf = (r: FeedbackRow): FeedbackItem => ({
  id: r.id,
  category: r.category as FeedbackCategory,
  content: r.content,
  status: r.status,
  imageCount: r.images.length,
  createdAt: r.createdAt.toISOString(),
  answeredAt: r.answeredAt?.toISOString() ?? null,
});

/** The feedback text as stored: as typed, trimmed, cut to the width limit (the web counts as the learner types). */
export const cleanContent = (raw: string): string => cutToWidth(raw.trim(), FEEDBACK_MAX_WIDTH).trim();

/** The learner's side of product feedback (docs/help-feedback.md): file, list, read one. */
export function createFeedbackService(deps: { store: FeedbackStore; limiter: RateLimiter; clock: Clock; uploads: FeedbackUploads }) {
  const { store, limiter, clock, uploads } = deps;

  return {
    async submit(userId: number, agentCode: string, input: FeedbackInput, facts: ClientFacts) {
      const content = cleanContent(input.content);
      // Blanks do not count towards the minimum; a banned word refuses the text (never changed: docs/help-feedback.md).
      if (textWidth(content.replace(/\s/g, '')) < FEEDBACK_MIN_WIDTH) throw badInput(FEEDBACK_MSG.tooShort);
      if (hasBannedWords(content)) throw badInput(CONTENT_MSG.banned);
      for (const key of input.images) if (!(await uploads.uploadOwnedBy(userId, key, 'feedback'))) throw badInput(UPLOAD_MSG.notYours);
      // Limits count only what passed the checks: an hour's and a day's window per learner.
      if ((await limiter.hit(`feedback:h:${userId}`, HOUR)).count > FEEDBACK_PER_HOUR) throw tooMany(FEEDBACK_MSG.tooOften);
      if ((await limiter.hit(`feedback:d:${userId}`, DAY)).count > FEEDBACK_PER_DAY) throw tooMany(FEEDBACK_MSG.tooOften);
      const client: Record<string, string> = { client: facts.client.slice(0, 20), clientver: facts.clientver.slice(0, 20), userAgent: facts.userAgent.slice(0, 300) };
      if (input.page) client.page = input.page;
      const id = await store.insert({
        userId,
        agentCode,
        appId: input.appID ?? null,
        category: input.category,
        content,
        contact: input.contact ?? '',
        images: input.images,
        client,
        at: new Date(clock()),
      });
      await uploads.keepUploads(userId, input.images);
      return { id, msg: FEEDBACK_MSG.done };
    },

    async list(userId: number, page = 1) {
      const [rows, total] = await Promise.all([store.page(userId, (page - 1) * FEEDBACK_PAGE_SIZE, FEEDBACK_PAGE_SIZE), store.total(userId)]);
      return { page, pageSize: FEEDBACK_PAGE_SIZE, total, list: rows.map(itemOf) };
    },

    async detail(userId: number, id: number): Promise<FeedbackDetail> {
      const row = await store.mine(userId, id);
      if (!row) throw notFound(FEEDBACK_MSG.unknown);
      return { ...itemOf(row), contact: row.contact, images: row.images.map((key) => ({ key, url: uploads.uploadUrl(key) })), answer: row.answer };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;

/** The answer's message: its title, an excerpt of the answer, and the link to the feedback. */
export const answerMessage = (row: FeedbackRow) => ({
  kind: 'feedback' as const,
  title: FEEDBACK_MSG.answerTitle,
  body: excerptToWidth(row.answer ?? '', 80),
  link: `${FEEDBACK_ANSWER_ROUTE}?id=${row.id}`,
  dedupe: `feedback-answer:${row.id}:${row.answeredAt?.getTime() ?? 0}`,
});
