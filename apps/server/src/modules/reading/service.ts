import { READING_MODULE, READING_MSG, type CatalogChapter, type ReadingItem, type ReadingKind, type ReadingMark } from '@kaoshi/contract';
import type { ReadingMarkRow, ReadingPositionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, tooMany } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import { chapterOpen as isOpen, unlockingOf, type EntitlementService } from '../entitlement/index.ts';
import type { ShelfItem } from './items.ts';
import type { ReadingShelf, ReadingStore } from './store.ts';

/** Reports a learner may file per hour (/knowledgeFeedback). */
export const READING_REPORTS_PER_HOUR = 10;
/** A PDF link lasts this long (the reader asks again on the next open). */
export const PDF_LINK_TTL_MS = 3600_000;

export interface ReadingDeps {
  store: ReadingStore;
  shelf: (appId: number) => Promise<ReadingShelf>;
  body: (itemId: number) => Promise<string>;
  entitlements: Pick<EntitlementService, 'chapterAccess'>;
  /** A signed link to a PDF for this learner (index.ts). */
  pdfLink: (userId: number, itemId: number, expiresAt: number) => string;
  limiter: RateLimiter;
  clock: Clock;
}

const positionItem = (p: ReadingPositionRow) => ({ anchor: p.anchor, percent: p.percent, updatedAt: p.updatedAt.toISOString() });
export const markItem = (m: ReadingMarkRow): ReadingMark => ({
  clientId: m.clientId,
  anchor: m.anchor,
  quote: m.quote,
  prefix: m.prefix,
  suffix: m.suffix,
  note: m.note,
  color: m.color as ReadingMark['color'],
  createdAt: m.createdAt.toISOString(),
});

/** The chapters holding `ids` and their ancestors, in the bank's order (the tree a list shows). */
function chapterTree(shelf: ReadingShelf, ids: Set<number>) {
  const byId = new Map(shelf.chapters.map((c) => [c.id, c]));
  const keep = new Set<number>();
  for (const id of ids) for (let c = byId.get(id); c && !keep.has(c.id); c = c.parentId === null ? undefined : byId.get(c.parentId)) keep.add(c.id);
  return shelf.chapters.filter((c) => keep.has(c.id));
}

export function createReadingService(d: ReadingDeps) {
  const { store, shelf, clock } = d;

  async function catalog(userId: number, appId: number, kind: ReadingKind) {
    const [s, access, positions] = await Promise.all([shelf(appId), d.entitlements.chapterAccess(userId, appId, READING_MODULE[kind]), store.positionsOf(userId, appId)]);
    const items = s.items.filter((i) => i.kind === kind);
    const mine = new Map(positions.map((p) => [p.itemId, p]));
    const list: CatalogChapter[] = chapterTree(s, new Set(items.map((i) => i.chapterId))).map((c) => ({
      cptID: c.id,
      parentID: c.parentId,
      name: c.name,
      open: isOpen(access, c.id),
      items: items
        .filter((i) => i.chapterId === c.id)
        .map((i) => ({ id: i.id, title: i.title, format: i.format, position: mine.has(i.id) ? positionItem(mine.get(i.id)!) : null })),
    }));
    const ofKind = new Map(items.map((i) => [i.id, i]));
    const lastRow = positions.find((p) => ofKind.has(p.itemId) && isOpen(access, ofKind.get(p.itemId)!.chapterId));
    const last = lastRow ? { id: lastRow.itemId, title: ofKind.get(lastRow.itemId)!.title, position: positionItem(lastRow) } : null;
    return { AppID: appId, kind, list, unlocking: list.some((c) => !c.open) ? unlockingOf(access) : [], last };
  }

  /** A loaded item (the registrar's item policy has opened it) with its neighbours of the same kind I may open. */
  async function openItem(userId: number, appId: number, item: ShelfItem) {
    const [s, access] = await Promise.all([shelf(appId), d.entitlements.chapterAccess(userId, appId, READING_MODULE[item.kind])]);
    const ofKind = s.items.filter((i) => i.kind === item.kind);
    const at = ofKind.findIndex((i) => i.id === item.id);
    const near = (i: (typeof ofKind)[number] | undefined) => (i && isOpen(access, i.chapterId) ? { id: i.id, title: i.title } : null);
    return { s, prev: near(ofKind[at - 1]), next: near(ofKind[at + 1]) };
  }

  async function content(userId: number, appId: number, item: ShelfItem): Promise<ReadingItem> {
    const { s, prev, next } = await openItem(userId, appId, item);
    // A PDF's Markdown is only its text for search: the reader draws the PDF.
    const [body, position, marks] = await Promise.all([item.format === 'pdf' ? '' : d.body(item.id), store.positionOf(userId, item.id), store.marksOf(userId, item.id)]);
    return {
      AppID: appId,
      id: item.id,
      kind: item.kind,
      cptID: item.chapterId,
      chapterName: s.chapters.find((c) => c.id === item.chapterId)?.name ?? '',
      title: item.title,
      format: item.format,
      body,
      sections: item.sections,
      pdfUrl: item.format === 'pdf' ? d.pdfLink(userId, item.id, clock() + PDF_LINK_TTL_MS) : null,
      version: item.version,
      position: position ? positionItem(position) : null,
      marks: marks.map(markItem),
      prev,
      next,
    };
  }

  return {
    catalog,
    content,
    /** Where I stopped in an item (loaded and opened by the registrar's item policy: any kind of the subject). */
    async savePosition(userId: number, appId: number, id: number, v: { anchor?: string; percent: number; at: number }) {
      const row = await store.savePosition({ userId, itemId: id, appId, anchor: v.anchor ?? '', percent: v.percent, savedAt: v.at, now: new Date(clock()) });
      return { position: positionItem(row) };
    },
    async saveMark(
      userId: number,
      appId: number,
      id: number,
      v: { clientId: string; anchor?: string; quote: string; prefix?: string; suffix?: string; note?: string; color: string; at: number },
    ) {
      const row = await store.saveMark({
        userId,
        clientId: v.clientId,
        itemId: id,
        appId,
        anchor: v.anchor ?? '',
        quote: v.quote,
        prefix: v.prefix ?? '',
        suffix: v.suffix ?? '',
        note: v.note ?? '',
        color: v.color,
        savedAt: v.at,
        createdAt: new Date(clock()),
      });
      // A clientId is the learner's own: one of another item is refused as unknown.
      if (row.itemId !== id) throw notFound(READING_MSG.unknownItem);
      return { mark: markItem(row) };
    },
    async deleteMark(userId: number, clientId: string) {
      return { removed: await store.deleteMark(userId, clientId, new Date(clock())) };
    },
    async feedback(
      userId: number,
      appId: number,
      v: { target: string; targetID: number; kinds: string; content?: string },
      exists: (appId: number, target: string, id: number) => Promise<boolean>,
    ) {
      if (!(await exists(appId, v.target, v.targetID))) throw notFound(READING_MSG.unknownTarget);
      const w = await d.limiter.hit(`reading-report:${userId}`, 3600_000);
      if (w.count > READING_REPORTS_PER_HOUR) throw tooMany(READING_MSG.reportTooOften);
      const kinds = v.kinds.split(',').map((k) => k.trim());
      const id = await store.addReport({ userId, appId, target: v.target, targetId: v.targetID, kinds, content: v.content ?? '', createdAt: new Date(clock()) });
      return { id, msg: READING_MSG.reported };
    },
    /** A PDF's bytes for a signed link (the link was given only after the chapter's decision). */
    async pdf(itemId: number) {
      const appId = await store.appOfItem(itemId);
      if (appId === undefined) return undefined;
      const item = (await shelf(appId)).items.find((i) => i.id === itemId);
      if (!item || item.format !== 'pdf') return undefined;
      const file = await store.file(appId, item.pdf);
      return file ? { bytes: Buffer.from(file.bytes, 'base64'), sha256: file.sha256, title: item.title } : undefined;
    },
  };
}
export type ReadingService = ReturnType<typeof createReadingService>;
