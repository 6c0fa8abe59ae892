import { LIVE_CARD_KEYS, LIVE_MSG, LIVE_SOCKET_MSG, type LiveCard } from '@kaoshi/contract';
import { badInput } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { CardResults, CardRow, ChatStore } from './chat-store.ts';
import type { LiveRelay } from './relay.ts';

const noResults = (): CardResults => ({ total: 0, correct: 0, counts: {} });

/**
 * A card as one side sees it (docs/live.md, "Quiz cards"): the host sees everything with the live results;
 * a learner sees the key, the explanation and the results only once the card is closed.
 */
export function cardView(row: CardRow, results: CardResults | undefined, host: boolean): LiveCard {
  const reveal = host || row.state === 'closed';
  return {
    id: row.id,
    stem: row.stem,
    options: row.options,
    state: row.state,
    second: row.second,
    answer: reveal ? row.answer : null,
    explanation: reveal ? row.explanation : '',
    results: reveal ? (results ?? noResults()) : null,
  };
}

/** The cards one side sees, in order: learners never see a card that was not pushed. */
export const cardsView = (rows: readonly CardRow[], results: ReadonlyMap<number, CardResults>, host: boolean): LiveCard[] =>
  rows.filter((r) => host || r.state !== 'ready').map((r) => cardView(r, results.get(r.id), host));

/** Seconds since the stream started (0 before): where a message or a card sits in the replay. */
export const streamSecond = (liveStartedAt: Date | null, now: number): number => (liveStartedAt ? Math.max(0, Math.floor((now - liveStartedAt.getTime()) / 1000)) : 0);

export interface NewCard {
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
}

/** Quiz cards: the host's steps (make, push, close) and the learners' one answer, each published to the room. */
export function createCards(deps: { store: ChatStore; relay: LiveRelay; clock: Clock }) {
  const { store, relay, clock } = deps;
  const changed = (card: CardRow | undefined) => {
    if (card) relay.publish({ k: 'card', s: card.sessionId, card });
    return card;
  };

  return {
    /** A 'ready' card of the session; its options are keyed A, B, C... and the answer must be one of them. */
    async create(sessionId: number, card: NewCard): Promise<CardRow> {
      const options = card.options.map((text, i) => ({ key: LIVE_CARD_KEYS[i]!, text: text.trim() }));
      if (options.some((o) => !o.text) || !options.some((o) => o.key === card.answer) || !card.stem.trim()) throw badInput(LIVE_SOCKET_MSG.badFrame);
      return changed(await store.createCard({ sessionId, stem: card.stem.trim(), options, answer: card.answer, explanation: card.explanation.trim() }))!;
    },

    /** ready → open at `second` of the stream; undefined when the card was not ready. */
    push: async (sessionId: number, cardId: number, second: number) => changed(await store.pushCard(sessionId, cardId, second, new Date(clock()))),

    /** open → closed: learners now see the key and the results. */
    close: async (sessionId: number, cardId: number) => changed(await store.closeCard(sessionId, cardId, new Date(clock()))),

    /**
     * A learner's answer, recorded once: a second answer changes nothing and answers the first. A card of another
     * session, not pushed or unknown → cardUnknown; closed before the learner answered → cardClosed.
     */
    async answer(userId: number, sessionId: number, cardId: number, choice: string): Promise<{ cardID: number; choice: string; card: LiveCard }> {
      const card = await store.card(cardId);
      if (!card || card.sessionId !== sessionId || card.state === 'ready') throw badInput(LIVE_MSG.cardUnknown);
      if (!card.options.some((o) => o.key === choice)) throw badInput(LIVE_SOCKET_MSG.badFrame);
      const recorded = await store.answer({ cardId, userId, choice, correct: choice === card.answer, at: new Date(clock()) });
      if (recorded) relay.publish({ k: 'ans', s: sessionId, cardId });
      const mine = recorded ? choice : (await store.myAnswers(sessionId, userId))[String(cardId)];
      if (mine === undefined) throw badInput(LIVE_MSG.cardClosed);
      const now = recorded ? card : ((await store.card(cardId)) ?? card);
      const results = now.state === 'closed' ? (await store.results(sessionId, [cardId])).get(cardId) : undefined;
      return { cardID: cardId, choice: mine, card: cardView(now, results, false) };
    },

    /** The cards of a session as one side sees them, and the learner's answers (card id → choice). */
    async cardsFor(sessionId: number, userId: number, host: boolean): Promise<{ cards: LiveCard[]; myAnswers: Record<string, string> }> {
      const [rows, results, myAnswers] = await Promise.all([store.cards(sessionId), store.results(sessionId), store.myAnswers(sessionId, userId)]);
      return { cards: cardsView(rows, results, host), myAnswers };
    },
  };
}

export type Cards = ReturnType<typeof createCards>;
