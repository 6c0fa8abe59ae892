import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  FEEDBACK_CATEGORIES,
  feedbackDetailCall,
  feedbackList,
  feedbackSubmit,
  helpFaq,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  uploadImage,
  type DataOf,
  type FaqTopic,
  type FeedbackCategory,
} from '@kaoshi/contract';
import { call } from '../../api/client';
import { currentAgentCode } from '../../lib/agent';
import { getGuid } from '../../lib/session';

/**
 * Data of the help centre and feedback (docs/help-feedback.md): the agent's FAQ, my feedback a page at a time, one
 * feedback with its answer, filing feedback and uploading its screenshots.
 */

export type FeedbackPage = DataOf<typeof feedbackList>;
const silent = { silent: true } as const;

export const helpKeys = {
  faq: (agentCode: string) => ['help', 'faq', agentCode] as const,
  feedback: ['feedback'] as const,
  list: (guid: string | null) => ['feedback', 'list', guid ?? ''] as const,
  detail: (guid: string | null, id: number) => ['feedback', 'detail', guid ?? '', id] as const,
};

export const faqQuery = () => {
  const agentCode = currentAgentCode();
  return queryOptions({
    queryKey: helpKeys.faq(agentCode),
    queryFn: () => call(helpFaq, { agentCode }, silent),
    staleTime: 10 * 60_000,
  });
};

export const feedbackListQuery = () =>
  infiniteQueryOptions({
    queryKey: helpKeys.list(getGuid()),
    queryFn: ({ pageParam }) => call(feedbackList, { page: pageParam }, silent),
    initialPageParam: 1,
    getNextPageParam: (last: FeedbackPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    retry: false,
    staleTime: 0,
  });

export const feedbackDetailQuery = (id: number) =>
  queryOptions({ queryKey: helpKeys.detail(getGuid(), id), queryFn: () => call(feedbackDetailCall, { id }, silent), retry: false, staleTime: 0 });

export interface FeedbackForm {
  category: FeedbackCategory;
  content: string;
  contact: string;
  images: string[];
  appID?: number;
  page?: string;
}

/** Files the feedback; my list is read again. */
export async function submitFeedback(client: QueryClient, f: FeedbackForm) {
  const reply = await call(
    feedbackSubmit,
    { category: f.category, content: f.content, contact: f.contact || undefined, images: f.images.join(',') || undefined, appID: f.appID, page: f.page },
    silent,
  );
  void client.invalidateQueries({ queryKey: helpKeys.feedback });
  return reply;
}

/** A file's bytes as base64url (what upload.image takes; form encoding leaves it as it is). */
async function base64url(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export class UploadRefused extends Error {}

/** Uploads one screenshot; answers its key and URL. Too large a file is refused before it is sent. */
export async function uploadScreenshot(file: Blob): Promise<{ key: string; url: string }> {
  if (file.size > UPLOAD_MAX_BYTES) throw new UploadRefused(UPLOAD_MSG.tooLarge);
  const r = await call(uploadImage, { purpose: 'feedback', data: await base64url(file) }, silent);
  return { key: r.key, url: r.url };
}

/** The topics whose questions or answers hold every word of `q` (spaces split words); all topics for an empty q. */
export function searchFaq(topics: readonly FaqTopic[], q: string): FaqTopic[] {
  const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...topics];
  return topics.map((t) => ({ ...t, items: t.items.filter((i) => words.every((w) => `${i.q}\n${i.a}`.toLowerCase().includes(w))) })).filter((t) => t.items.length > 0);
}

/** A category's Chinese name. */
export const categoryName = (id: string): string => FEEDBACK_CATEGORIES.find((c) => c.id === id)?.name ?? '其他';
