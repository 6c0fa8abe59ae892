import type { Clock } from '../../platform/clock.ts';
import type { LiveStore } from './store.ts';

const mmss = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/**
 * Quiz cards become practice (docs/live.md, "Quiz cards become practice"): every closed card is written once as an
 * A1 question of its session's subject, in the bank chapter named like the session's chapter, tagged with the class
 * and the stream second in its source and explanation, so it turns up in chapter practice, the wrong-answer book
 * and search like any other question. A job runs it every minute (and at start, for the demo's cards).
 */
export async function practiseClosedCards(d: { store: LiveStore; clock: Clock }): Promise<number> {
  let made = 0;
  for (const { card, appId, title, chapterName } of await d.store.cardsToPractise()) {
    const at = mmss(card.second ?? 0);
    const tag = `直播随堂练 · ${title} · ${at}`;
    const chapterId = await d.store.chapterNamed(appId, chapterName);
    await d.store.practiseCard({
      cardId: card.id,
      appId,
      chapterId,
      stem: card.stem,
      options: card.options,
      answer: card.answer,
      explanation: `${card.explanation}${card.explanation ? '\n' : ''}（本题来自直播「${title}」${at}，回放中可看老师讲解。）`,
      source: tag,
      at: new Date(d.clock()),
    });
    if (chapterId !== undefined) made++;
  }
  return made;
}
