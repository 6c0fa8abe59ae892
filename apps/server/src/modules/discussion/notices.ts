import { excerptToWidth } from '@kaoshi/contract';
import type { MessageDraft } from '../message/index.ts';

/** How much of the post a moderation message quotes. */
const QUOTE_WIDTH = 40;

/** What a moderation decision tells the author: the post's own fields it needs. */
export interface ModeratedPost {
  id: number;
  userId: number;
  parentId: number | null;
  body: string;
}

/** Why the author hears: reports hid the post, an operator hid it, or an operator showed a hidden post again. */
export type ModerationEvent = 'reported' | 'hidden' | 'restored';

const TEXT: Record<ModerationEvent, { title: string; body: (quote: string) => string }> = {
  reported: { title: '你的讨论已被隐藏', body: (q) => `你发表的「${q}」被多位学员举报，已暂时隐藏，等待审核。审核期间仅你自己可见。` },
  hidden: { title: '你的讨论已被隐藏', body: (q) => `你发表的「${q}」经审核不符合讨论规范，已隐藏，仅你自己可见。` },
  restored: { title: '你的讨论已恢复显示', body: (q) => `你发表的「${q}」经审核已恢复，所有学员都能看到。` },
};

/**
 * The 系统通知 a moderation decision writes to the post's author (docs/discussions.md), linking to the thread where
 * they still see it. Once per decision: the dedupe holds the post and the decision's time.
 */
export function moderationMessage(event: ModerationEvent, post: ModeratedPost, at: Date): MessageDraft {
  const quote = excerptToWidth(post.body, QUOTE_WIDTH);
  return {
    kind: 'system',
    title: TEXT[event].title,
    body: TEXT[event].body(quote),
    link: `/discussionreply?id=${post.parentId ?? post.id}`,
    dedupe: `discussion-${event}:${post.id}:${at.getTime()}`,
  };
}
