import { KNOWLEDGE_MODULE, KNOWLEDGE_MSG, READING_MODULE, READING_MSG, SHORTHAND_MODULE, type ReadingKind } from '@kaoshi/contract';
import { notFound } from '../../platform/errors.ts';
import { itemLoader } from '../../platform/items.ts';
import type { ReadingShelf } from './store.ts';

export type ShelfItem = ReadingShelf['items'][number];
export type ShelfPoint = ReadingShelf['points'][number];
export type ShelfCard = ReadingShelf['cards'][number];

/**
 * The items of reading and knowledge that calls name by id (contract `gate.item`), loaded from the subject's
 * shelf of the call's `appID`: each tells the entitlement policy its module and chapter (a trial opens only some).
 */
export function readingItems(shelf: (appId: number) => Promise<ReadingShelf>) {
  const appOf = (input: Readonly<Record<string, unknown>>) => input.appID as number;

  /** A handout, theory article or pocket-book page of the subject (of the request's `kind` when it names one). */
  const itemOf = async (id: number | undefined, input: Readonly<Record<string, unknown>>, kind: ReadingKind | undefined) => {
    const appId = appOf(input);
    const item = (await shelf(appId)).items.find((i) => i.id === id && (kind === undefined || i.kind === kind));
    if (!item) throw notFound(READING_MSG.unknownItem);
    return { facts: { appId, module: READING_MODULE[item.kind], chapter: item.chapterId }, value: item };
  };

  const pointOf = async (appId: number, find: (p: ShelfPoint) => boolean, module: string) => {
    const point = (await shelf(appId)).points.find(find);
    if (!point) throw notFound(KNOWLEDGE_MSG.unknownPoint);
    return { facts: { appId, module, chapter: point.chapterId }, value: point };
  };

  return {
    readingItem: itemLoader<ShelfItem>('readingItem', (id, input) => itemOf(id, input, input.kind as ReadingKind | undefined)),
    pocketPage: itemLoader<ShelfItem>('pocketPage', (id, input) => itemOf(id, input, 'pocket')),
    /** A knowledge point by its id, or by its code or name (`point`, the links of the question pages). */
    knowledgePoint: itemLoader<ShelfPoint>('knowledgePoint', (id, input) =>
      pointOf(appOf(input), (p) => (id !== undefined ? p.id === id : p.code === input.point || p.name === input.point), KNOWLEDGE_MODULE),
    ),
    /** A point whose 速记 cards are asked: its cards are content of module shorthand. */
    shorthandPoint: itemLoader<ShelfPoint>('shorthandPoint', (id, input) => pointOf(appOf(input), (p) => p.id === id, SHORTHAND_MODULE)),
    shorthandCard: itemLoader<ShelfCard>('shorthandCard', async (id, input) => {
      const appId = appOf(input);
      const s = await shelf(appId);
      const card = s.cards.find((c) => c.id === id);
      if (!card) throw notFound(KNOWLEDGE_MSG.unknownCard);
      return { facts: { appId, module: SHORTHAND_MODULE, chapter: s.points.find((p) => p.id === card.pointId)?.chapterId ?? null }, value: card };
    }),
  };
}
export type ReadingItems = ReturnType<typeof readingItems>;
