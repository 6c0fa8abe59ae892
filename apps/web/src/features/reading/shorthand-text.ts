import type { ShorthandCard } from './api';
import { chinaParts } from '../../lib/china-time';

/** Texts and dates of the 速记 and 每日一记 screens (docs/reading.md "Screens"). */

type CardStateName = NonNullable<ShorthandCard['state']>['state'];

export const CARD_STATE_TEXT: Record<CardStateName, string> = { new: '未学', learning: '学习中', review: '复习中', relearning: '重学中' };

/** A card's schedule state: 未学 before its first review. */
export const cardStateText = (state: ShorthandCard['state']): string => (state ? CARD_STATE_TEXT[state.state] : '未学');

/** An instant (ISO) as its day in China: '11月25日'. */
export function chinaMonthDay(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const d = chinaParts(t);
  return `${d.m}月${d.d}日`;
}

/** A China date '2026-11-25' as '2026年11月25日'. */
export function dayText(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[1]}年${Number(m[2])}月${Number(m[3])}日` : day;
}

/** The report screen of a reading item (/knowledgeFeedback). */
export const feedbackPath = (target: 'card' | 'daily', id: number) => `/knowledgeFeedback?target=${target}&id=${id}`;
