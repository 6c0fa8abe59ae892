import { BOOK_STATES, SHORTHAND_MODULE, SHORTHAND_NEW_PER_DAY, SHORTHAND_SESSION, type ShorthandCard } from '@kaoshi/contract';
import type { CardStateRow } from '../../db/schema/index.ts';
import { chinaDayStartOf } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { newCard, Rating, review, type Grade } from '../../platform/srs.ts';
import { chapterOpen as isOpen, unlockingOf, type EntitlementService } from '../entitlement/index.ts';
import type { ShelfPoint } from './items.ts';
import type { ReadingShelf, ReadingStore } from './store.ts';

/** 认识 / 模糊 / 不认识 → FSRS Good / Hard / Again (the wrong-answer book's mapping of right / vague / wrong). */
const GRADE: Record<'know' | 'vague' | 'forgot', Grade> = { know: Rating.Good, vague: Rating.Hard, forgot: Rating.Again };

type Card = ReadingShelf['cards'][number];

export interface ShorthandDeps {
  store: ReadingStore;
  shelf: (appId: number) => Promise<ReadingShelf>;
  entitlements: Pick<EntitlementService, 'chapterAccess'>;
  clock: Clock;
}

export function createShorthandService(d: ShorthandDeps) {
  const { store, shelf, clock } = d;

  const present = (c: Card, s: ReadingShelf, st: CardStateRow | undefined): ShorthandCard => ({
    id: c.id,
    pointID: c.pointId,
    pointName: s.points.find((p) => p.id === c.pointId)?.name ?? '',
    front: c.front,
    back: c.back,
    mnemonic: c.mnemonic,
    state: st ? { due: st.due.toISOString(), state: BOOK_STATES[st.state] ?? 'new', reps: st.reps, lapses: st.lapses } : null,
  });

  /** The subject's cards I may open, my states, and the day's counts. */
  async function deck(userId: number, appId: number) {
    const [s, access, states] = await Promise.all([shelf(appId), d.entitlements.chapterAccess(userId, appId, SHORTHAND_MODULE), store.cardStatesOf(userId, appId)]);
    const now = clock();
    const chapterOf = new Map(s.points.map((p) => [p.id, p.chapterId]));
    const mine = new Map(states.map((st) => [st.cardId, st]));
    const openCards = s.cards.filter((c) => isOpen(access, chapterOf.get(c.pointId) ?? null));
    const start = chinaDayStartOf(now);
    const startedToday = states.filter((st) => st.firstReviewAt.getTime() >= start).length;
    const reviewedToday = states.filter((st) => st.lastReview && st.lastReview.getTime() >= start).length;
    const isDue = (c: Card) => {
      const st = mine.get(c.id);
      return st !== undefined && st.due.getTime() <= now;
    };
    return { s, access, mine, chapterOf, openCards, newLeft: Math.max(0, SHORTHAND_NEW_PER_DAY - startedToday), reviewedToday, isDue };
  }

  return {
    async decks(userId: number, appId: number) {
      const k = await deck(userId, appId);
      const counts = (cards: Card[]) => ({ total: cards.length, due: cards.filter(k.isDue).length, fresh: cards.filter((c) => !k.mine.has(c.id)).length });
      const byChapter = new Map<number, Card[]>();
      for (const c of k.s.cards) {
        const cpt = k.chapterOf.get(c.pointId);
        if (cpt === null || cpt === undefined) continue;
        byChapter.set(cpt, [...(byChapter.get(cpt) ?? []), c]);
      }
      // The chapters with cards and their ancestors (the list's group headings, counted over what is below them).
      const byId = new Map(k.s.chapters.map((c) => [c.id, c]));
      const below = new Map<number, Card[]>();
      for (const [cpt, cards] of byChapter)
        for (let c = byId.get(cpt); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) below.set(c.id, [...(below.get(c.id) ?? []), ...cards]);
      const decks = k.s.chapters
        .filter((c) => below.has(c.id))
        .map((c) => ({ cptID: c.id, parentID: c.parentId, name: c.name, open: isOpen(k.access, c.id), ...counts(below.get(c.id)!) }));
      return {
        AppID: appId,
        ...counts(k.openCards),
        newLeft: k.newLeft,
        reviewedToday: k.reviewedToday,
        decks,
        unlocking: decks.some((x) => !x.open) ? unlockingOf(k.access) : [],
      };
    },

    /** Due cards first (earliest due first), then new ones within today's allowance (a point's session: all its new ones). */
    async session(userId: number, appId: number, f: { cptID?: number; pointID?: number }) {
      const k = await deck(userId, appId);
      const byId = new Map(k.s.chapters.map((c) => [c.id, c]));
      const inChapter = (chapterId: number | null | undefined) => {
        for (let c = chapterId == null ? undefined : byId.get(chapterId); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) if (c.id === f.cptID) return true;
        return false;
      };
      const pool = k.openCards.filter((c) => (f.pointID !== undefined ? c.pointId === f.pointID : f.cptID !== undefined ? inChapter(k.chapterOf.get(c.pointId)) : true));
      const due = pool.filter(k.isDue).sort((a, b) => k.mine.get(a.id)!.due.getTime() - k.mine.get(b.id)!.due.getTime());
      const fresh = pool.filter((c) => !k.mine.has(c.id));
      const newOnes = f.pointID !== undefined ? fresh : fresh.slice(0, k.newLeft);
      const cards = [...due, ...newOnes].slice(0, SHORTHAND_SESSION).map((c) => present(c, k.s, k.mine.get(c.id)));
      return { AppID: appId, cards, due: due.length, fresh: newOnes.length };
    },

    /**
     * A point's cards for its page (/api/knowledgePoints/detail, which has opened the point under module knowledge):
     * none when module shorthand does not open the point's chapter for this learner.
     */
    async cardsOfPoint(userId: number, appId: number, pointId: number, s?: ReadingShelf) {
      const [shelfNow, access] = await Promise.all([s ?? shelf(appId), d.entitlements.chapterAccess(userId, appId, SHORTHAND_MODULE)]);
      const point = shelfNow.points.find((p) => p.id === pointId);
      if (!point || !isOpen(access, point.chapterId)) return [];
      const cards = shelfNow.cards.filter((c) => c.pointId === pointId);
      const states = new Map(
        (
          await store.cardStatesFor(
            userId,
            cards.map((c) => c.id),
          )
        ).map((st) => [st.cardId, st]),
      );
      return cards.map((c) => present(c, shelfNow, states.get(c.id)));
    },

    /**
     * A point's cards. A locked point's cards are its content: the registrar's item policy refuses them as it refuses
     * the point's page (issue 32 item 9), never sent marked closed.
     */
    async pointCards(userId: number, appId: number, point: ShelfPoint) {
      const k = await deck(userId, appId);
      const cards = k.s.cards.filter((c) => c.pointId === point.id).map((c) => present(c, k.s, k.mine.get(c.id)));
      return { AppID: appId, point: { id: point.id, name: point.name }, cards };
    },

    /** One grade, in a transaction on the learner's row; the same reviewID again returns the card unchanged. */
    async grade(userId: number, appId: number, card: Card, grade: keyof typeof GRADE, reviewId: string, at: number) {
      const k = await deck(userId, appId);
      const cardId = card.id;
      const now = new Date(clock());
      // The client's time, but never in the future and never more than a day old (an outbox replay).
      const when = new Date(Math.min(now.getTime(), Math.max(at, now.getTime() - 86_400_000)));
      const row = await store.gradeCard({ userId, cardId, appId, reviewId, now }, (cur) => review(cur, when, GRADE[grade]), newCard(when));
      k.mine.set(cardId, row);
      return { card: present(card, k.s, row), dueToday: k.openCards.filter(k.isDue).length };
    },
  };
}
export type ShorthandService = ReturnType<typeof createShorthandService>;
