import { DAILY_NOTE_PAGE, KNOWLEDGE_MODULE, POINT_QUESTIONS_SHOWN, type PointItem } from '@kaoshi/contract';
import { chinaDay } from '../../platform/china-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { chapterOpen as isOpen, unlockingOf, type EntitlementService } from '../entitlement/index.ts';
import { excerptOf as excerpt } from '../study/index.ts';
import type { ShorthandService } from './shorthand.ts';
import type { ReadingShelf, ReadingStore } from './store.ts';

type Point = ReadingShelf['points'][number];

export interface KnowledgeDeps {
  store: ReadingStore;
  shelf: (appId: number) => Promise<ReadingShelf>;
  entitlements: Pick<EntitlementService, 'chapterAccess'>;
  /** My mastery of each point of the subject from my answers (the study module's). */
  mastery: (userId: number, appId: number) => Promise<{ id: number; done: number; mastery: number }[]>;
  /** Published lessons explaining a point, from the second they start (the video module's; [] without video). */
  lessons: (appId: number, pointId: number) => Promise<{ lessonId: number; title: string; from: number; to: number }[]>;
  cards: ShorthandService;
  clock: Clock;
}

/** Hot first, then by exam weight, then in the bank's order. */
const byImportance = (a: PointItem, b: PointItem) => Number(b.hot) - Number(a.hot) || b.weight - a.weight || a.id - b.id;

export function createKnowledgeService(d: KnowledgeDeps) {
  const { shelf } = d;

  async function pointsWith(userId: number, appId: number) {
    const [s, access, mastery] = await Promise.all([shelf(appId), d.entitlements.chapterAccess(userId, appId, KNOWLEDGE_MODULE), d.mastery(userId, appId)]);
    const mine = new Map(mastery.map((m) => [m.id, m]));
    const cardsOf = new Map<number, number>();
    for (const c of s.cards) cardsOf.set(c.pointId, (cardsOf.get(c.pointId) ?? 0) + 1);
    const item = (p: Point): PointItem => {
      const m = mine.get(p.id);
      return {
        id: p.id,
        code: p.code,
        name: p.name,
        weight: p.weight,
        hot: p.hot,
        questions: p.questions,
        cards: cardsOf.get(p.id) ?? 0,
        mastery: m && m.done > 0 ? m.mastery : null,
        open: isOpen(access, p.chapterId),
      };
    };
    return { s, access, item };
  }

  return {
    async list(userId: number, appId: number, cptID?: number) {
      const { s, access, item } = await pointsWith(userId, appId);
      const byId = new Map(s.chapters.map((c) => [c.id, c]));
      const under = (chapterId: number | null) => {
        if (cptID === undefined) return true;
        for (let c = chapterId === null ? undefined : byId.get(chapterId); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) if (c.id === cptID) return true;
        return false;
      };
      const groups = new Map<number, PointItem[]>();
      for (const p of s.points) {
        if (p.chapterId === null || !under(p.chapterId)) continue;
        const list = groups.get(p.chapterId) ?? [];
        list.push(item(p));
        groups.set(p.chapterId, list);
      }
      const chapters = s.chapters
        .filter((c) => groups.has(c.id))
        .map((c) => ({ cptID: c.id, parentID: c.parentId, name: c.name, open: isOpen(access, c.id), points: groups.get(c.id)!.sort(byImportance) }));
      return { AppID: appId, chapters, unlocking: chapters.some((c) => !c.open) ? unlockingOf(access) : [] };
    },

    /** A point's page (the point loaded and opened by the registrar's item policy). */
    async detail(userId: number, appId: number, p: Point) {
      const { s, item } = await pointsWith(userId, appId);
      const handout = p.handoutId === null ? undefined : s.items.find((i) => i.id === p.handoutId);
      const [questions, lessons, cards] = await Promise.all([
        d.store.pointQuestions(userId, p.id, POINT_QUESTIONS_SHOWN),
        d.lessons(appId, p.id),
        d.cards.cardsOfPoint(userId, appId, p.id, s),
      ]);
      return {
        AppID: appId,
        point: item(p),
        cptID: p.chapterId,
        chapterName: s.chapters.find((c) => c.id === p.chapterId)?.name ?? '',
        summary: p.summary,
        handout: handout ? { id: handout.id, title: handout.title, anchor: p.anchor } : null,
        questions: questions.map((q) => ({ allTestID: q.id, stem: excerpt(q.stem), answered: q.right !== null, right: q.right })),
        lessons,
        cards,
      };
    },

    async hotspots(userId: number, appId: number) {
      const { s, item } = await pointsWith(userId, appId);
      const year = s.hotspots[0]?.year ?? null;
      const byId = new Map(s.points.map((p) => [p.id, p]));
      const list = s.hotspots.filter((h) => h.year === year && byId.has(h.pointId)).map((h) => ({ rank: h.rank, reason: h.reason, point: item(byId.get(h.pointId)!) }));
      return { AppID: appId, year, list };
    },

    async dailyNotes(appId: number, page: number) {
      const today = chinaDay(d.clock());
      const all = await d.store.notes(appId);
      const todays = all.find((n) => n.day === today) ?? null;
      const earlier = all.filter((n) => n.day < today);
      return {
        AppID: appId,
        today: todays,
        list: earlier.slice((page - 1) * DAILY_NOTE_PAGE, page * DAILY_NOTE_PAGE),
        page,
        total: earlier.length,
      };
    },
  };
}
export type KnowledgeService = ReturnType<typeof createKnowledgeService>;
