import { queryOptions } from '@tanstack/react-query';
import {
  bannerArticleCall,
  campaignPageCall,
  courseVersionsCall,
  getKsbClass,
  sampleQuestionsCall,
  submitReply,
  videoCourselist,
  type CampaignPageKey,
  type SampleQuestion,
} from '@kaoshi/contract';
import { call } from '../../api/client';
import { isApiError } from '../../api/errors';
import { isLoggedIn } from '../../lib/session';
import { local } from '../../lib/storage';

/**
 * Data of the guest and campaign screens (docs/guest-campaign.md): the public catalogue with prices, the landing pages,
 * a banner's article, the trial centre's sample questions and the free lessons; and the tourist's kept answers.
 */

const silent = { silent: true } as const;

export const guestKeys = {
  all: ['guest'] as const,
  classes: () => [...guestKeys.all, 'classes'] as const,
  versions: (appID: number) => [...guestKeys.all, 'versions', appID] as const,
  page: (key: CampaignPageKey) => [...guestKeys.all, 'page', key] as const,
  article: (id: number) => [...guestKeys.all, 'article', id] as const,
  samples: (appID: number) => [...guestKeys.all, 'samples', appID] as const,
  freeLessons: (appID: number) => [...guestKeys.all, 'freeLessons', appID] as const,
};

export const classesQuery = () => queryOptions({ queryKey: guestKeys.classes(), queryFn: () => call(getKsbClass, {}, silent), retry: false, staleTime: 300_000 });

export const courseVersionsQuery = (appID: number) =>
  queryOptions({ queryKey: guestKeys.versions(appID), queryFn: () => call(courseVersionsCall, { appID }, silent), retry: false, staleTime: 300_000 });

export const campaignPageQuery = (key: CampaignPageKey) =>
  queryOptions({ queryKey: guestKeys.page(key), queryFn: () => call(campaignPageCall, { page: key }, silent), retry: false, staleTime: 300_000 });

export const bannerArticleQuery = (id: number) =>
  queryOptions({ queryKey: guestKeys.article(id), queryFn: () => call(bannerArticleCall, { id }, silent), retry: false, staleTime: 300_000 });

export const samplesQuery = (appID: number) =>
  queryOptions({ queryKey: guestKeys.samples(appID), queryFn: () => call(sampleQuestionsCall, { appID }, silent), retry: false, staleTime: 300_000 });

/** The free lessons of the subject (a logged-in learner only: the lesson list needs a session). */
export const freeLessonsQuery = (appID: number) =>
  queryOptions({
    queryKey: guestKeys.freeLessons(appID),
    queryFn: async () => {
      const data = await call(videoCourselist, { appID }, silent);
      return data.courses.flatMap((c) => c.chapters.flatMap((ch) => ch.lessons.filter((l) => l.free && !l.upcoming).map((l) => ({ ...l, courseTitle: c.title }))));
    },
    enabled: isLoggedIn(),
    retry: false,
  });

// ---------------------------------------------------------------- the tourist's answers (kept on this device)

/** An answer given in the trial centre, kept until it is saved to an account (/openAccount). */
export interface TrialAnswer {
  appID: number;
  cptID: number;
  allTestID: number;
  reply: string;
  right: boolean;
  /** Client idempotency key: replaying it twice stores it once (submitReply). */
  replyID: string;
  at: number;
}

/** At most this many answers are kept (the sample sets are small; an old one drops out first). */
export const TRIAL_ANSWERS_MAX = 50;

export function trialAnswers(): TrialAnswer[] {
  const list = local.getJSON<TrialAnswer[]>('trialAnswers');
  return Array.isArray(list) ? list.filter((a) => a && typeof a.allTestID === 'number' && typeof a.reply === 'string') : [];
}

const newReplyID = () => `trial-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`.replace(/[^A-Za-z0-9_-]/g, '');

/** Keeps one answer (a later answer to the same question replaces the earlier one). */
export function keepTrialAnswer(q: Pick<SampleQuestion, 'allTestID' | 'cptID'>, appID: number, reply: string, right: boolean): void {
  const rest = trialAnswers().filter((a) => a.allTestID !== q.allTestID);
  const next = [...rest, { appID, cptID: q.cptID, allTestID: q.allTestID, reply, right, replyID: newReplyID(), at: Date.now() }].slice(-TRIAL_ANSWERS_MAX);
  local.setJSON('trialAnswers', next);
}

export function forgetTrialAnswers(): void {
  local.remove('trialAnswers');
}

/**
 * Saves the kept answers to the signed-in account through the practice answer call (each once, by its replyID). An
 * answer the account may not store (a chapter no longer in the trial) is dropped; a network failure keeps the rest
 * for the next try. Returns how many were saved and how many remain.
 */
export async function saveTrialAnswers(): Promise<{ saved: number; left: number }> {
  let saved = 0;
  const left: TrialAnswer[] = [];
  for (const a of trialAnswers()) {
    try {
      await call(submitReply, { appID: a.appID, cptID: a.cptID, allTestID: a.allTestID, lastUserReply: a.reply, replyID: a.replyID }, silent);
      saved += 1;
    } catch (e) {
      // A refusal by the server (400/403/404) will not change: drop it. Offline or a server error: try again later.
      const refused = isApiError(e) && e.kind === 'reply' && e.status >= 400 && e.status < 500 && e.status !== 401;
      if (!refused) left.push(a);
    }
  }
  if (left.length > 0) local.setJSON('trialAnswers', left);
  else forgetTrialAnswers();
  return { saved, left: left.length };
}
