import {
  CATALOG_MSG,
  MSG,
  KNOWLEDGE_MODULE,
  LIVE_MODULE,
  PRACTICE_MODULE,
  READING_MODULE,
  SEARCH_KIND_NAMES,
  SEARCH_KINDS,
  SEARCH_LIMITS,
  searchTerms,
  VIDEO_MODULE,
  type SearchAccess,
  type SearchGroup,
  type SearchItem,
  type SearchKind,
} from '@kaoshi/contract';
import type { AgentRow, SubjectRow } from '../../db/schema/index.ts';
import type { Memo } from '../../platform/cache/memo.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound, tooMany } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit/limiter.ts';
import { chapterOpen as opened, type ChapterAccess, type EntitlementService } from '../entitlement/index.ts';
import type { CatalogueHandout, CatalogueLesson, CatalogueLive, CataloguePoint, SearchStore } from './store.ts';
import { excerptAround, holds, plainMarkdown, plainMarkup } from './text.ts';
import { splitWords } from './words.ts';

/** A subject's searchable catalogue (lessons, handouts, points, live sessions), held per subject (docs/search.md). */
export interface Catalogue {
  lessons: CatalogueLesson[];
  handouts: CatalogueHandout[];
  points: CataloguePoint[];
  lives: CatalogueLive[];
}

export interface SearchDeps {
  store: SearchStore;
  catalogue: Memo<number, Catalogue>;
  entitlements: Pick<EntitlementService, 'decideAll' | 'chapterAccess'>;
  /** The subjects a tenant sells (the catalog's held list). */
  soldBy: (agentCode: string) => Promise<SubjectRow[]>;
  clock: Clock;
  limiter: RateLimiter;
}

/** Searches a learner may run a minute (each reads several tables): past it 429 操作过于频繁. */
export const SEARCHES_PER_MINUTE = 30;

export interface SearchQuery {
  userId: number;
  tenant: AgentRow;
  appId: number;
  keyword: string;
  kind?: SearchKind;
  page?: number;
}

const accessOf = (open: boolean): SearchAccess => (open ? 'open' : 'locked');
/** Whether any group found something (open, marked or only counted). */
const anyFound = (groups: SearchGroup[]): boolean => groups.some((g) => g.total > 0 || g.hidden > 0);
/** Open items first (the ones the learner can use now), the catalogue's order kept within each. */
const openFirst = (items: SearchItem[]): SearchItem[] => [...items.filter((i) => i.access !== 'locked'), ...items.filter((i) => i.access === 'locked')];

/**
 * 全局搜索: the current subject's questions (in the chapters the learner may open; the rest only counted), lessons,
 * handouts, knowledge points and live classes (each marked open, preview or locked), and the tenant's subjects.
 * Locked items match only on what the learner may read of them (titles), never on their bodies (docs/search.md).
 */
export function createSearchService(d: SearchDeps) {
  const catalogueOf = (appId: number) =>
    d.catalogue.get(appId, async () => {
      const [lessons, handouts, points, lives] = await Promise.all([d.store.lessons(appId), d.store.handouts(appId), d.store.points(appId), d.store.lives(appId)]);
      return { lessons, handouts, points, lives };
    });

  return {
    async search(q: SearchQuery) {
      const { userId, appId, keyword } = q;
      const terms = searchTerms(keyword);
      if ((await d.limiter.hit(`search:user:${userId}`, 60_000)).count > SEARCHES_PER_MINUTE) throw tooMany(MSG.tooOften);
      const kinds = q.kind ? [q.kind] : SEARCH_KINDS;
      const limit = q.kind ? SEARCH_LIMITS.pageSize : SEARCH_LIMITS.perGroup;
      const offset = q.kind ? ((q.page ?? 1) - 1) * SEARCH_LIMITS.pageSize : 0;
      const wants = (k: SearchKind) => kinds.includes(k);

      const [video, live] = await d.entitlements.decideAll(userId, appId, [{ moduleId: VIDEO_MODULE }, { moduleId: LIVE_MODULE }]);
      if (video!.reason === 'unknown-subject') throw notFound(CATALOG_MSG.unknownSubject);
      const chapterAccess = (module: string, on: boolean) => (on ? d.entitlements.chapterAccess(userId, appId, module) : Promise.resolve<ChapterAccess>({ all: true }));
      const [cat, practice, handout, knowledge] = await Promise.all([
        catalogueOf(appId),
        chapterAccess(PRACTICE_MODULE, wants('question')),
        chapterAccess(READING_MODULE.handout, wants('handout')),
        chapterAccess(KNOWLEDGE_MODULE, wants('point')),
      ]);
      const now = d.clock();
      /** Every asked group for these words, and the versions that open what is locked. */
      const groupsFor = async (terms: string[]) => {
        const unlocking = new Map<string, string>();
        const note = (list: { vn: string; vname: string }[]) => list.forEach((v) => unlocking.set(v.vn, v.vname));

        const page = (kind: SearchKind, all: SearchItem[], hidden = 0): SearchGroup => ({
          kind,
          name: SEARCH_KIND_NAMES[kind],
          total: all.length,
          hidden,
          items: openFirst(all).slice(offset, offset + limit),
        });

        const groups: SearchGroup[] = [];
        for (const kind of kinds) {
          if (kind === 'subject') {
            const subjects = (await d.soldBy(q.tenant.code)).filter((s) => holds(terms, s.appName, s.cName, s.appEName));
            groups.push(
              page(
                kind,
                subjects.map((s) => ({ id: s.appId, title: s.appName, excerpt: '', where: s.cName, access: 'open', extra: s.appEName })),
              ),
            );
          } else if (kind === 'question') {
            const open = practice.all ? undefined : [...practice.open];
            const found = await d.store.questions(appId, terms, open, offset, limit);
            if (found.hidden > 0 && !practice.all) note(practice.unlocking);
            const items = found.rows.map((r): SearchItem => {
              const stem = plainMarkup(r.stem);
              const other = [...r.options.map((o) => plainMarkup(o.text)), plainMarkup(r.explanation)].map((t) => excerptAround(t, terms)).find(Boolean);
              return {
                id: r.id,
                title: stem.length > 80 ? `${stem.slice(0, 80)}…` : stem,
                excerpt: holds(terms, stem) ? '' : (other ?? ''),
                where: r.chapter,
                access: 'open',
                extra: '',
              };
            });
            groups.push({ kind, name: SEARCH_KIND_NAMES[kind], total: found.total, hidden: found.hidden, items });
          } else if (kind === 'lesson') {
            const full = video!.allowed;
            if (!full) note(video!.unlockingVersions);
            const items = cat.lessons
              .filter((l) => l.publishedAt <= now && holds(terms, l.title, l.course, l.chapter))
              .map((l): SearchItem => ({
                id: l.id,
                title: l.title,
                excerpt: '',
                where: `${l.course} · ${l.chapter}`,
                access: full || l.free ? 'open' : l.previewSeconds > 0 ? 'preview' : 'locked',
                extra: l.level === 1 ? 'ej' : '',
              }));
            groups.push(page(kind, items));
          } else if (kind === 'handout') {
            // A closed handout is found by what its list shows (title, chapter), never by its body or headings.
            const bodies = await d.store.handoutBodies(appId, terms, handout.all ? undefined : [...handout.open]);
            const items = cat.handouts
              .filter((h) => (opened(handout, h.chapterId) ? holds(terms, bodies.get(h.id) ?? '', h.title, h.chapter, ...h.headings) : holds(terms, h.title, h.chapter)))
              .map((h): SearchItem => {
                const open = opened(handout, h.chapterId);
                const body = bodies.get(h.id);
                const excerpt = open && body !== undefined && !holds(terms, h.title) ? excerptAround(plainMarkdown(body), terms) : '';
                return { id: h.id, title: h.title, excerpt, where: h.chapter, access: accessOf(open), extra: '' };
              });
            if (items.some((i) => i.access === 'locked') && !handout.all) note(handout.unlocking);
            groups.push(page(kind, items));
          } else if (kind === 'point') {
            // A closed point is found by its name only, never by its summary.
            const items = cat.points
              .filter((p) => holds(terms, p.name, ...(opened(knowledge, p.chapterId) ? [p.summary] : [])))
              .map((p): SearchItem => {
                const open = opened(knowledge, p.chapterId);
                const excerpt = open && !holds(terms, p.name) ? excerptAround(plainMarkup(p.summary), terms) : '';
                return { id: p.id, title: p.name, excerpt, where: p.chapter, access: accessOf(open), extra: '' };
              });
            if (items.some((i) => i.access === 'locked') && !knowledge.all) note(knowledge.unlocking);
            groups.push(page(kind, items));
          } else {
            // Coming sessions first (soonest first), then past ones (newest first).
            const lives = cat.lives.filter((s) => holds(terms, s.title, s.chapterName, s.course));
            const ordered = [...lives.filter((s) => s.startsAt >= now), ...lives.filter((s) => s.startsAt < now).reverse()];
            const items = ordered.map((s): SearchItem => ({
              id: s.id,
              title: s.title,
              excerpt: '',
              where: s.course,
              access: accessOf(s.free || live!.allowed),
              extra: new Date(s.startsAt).toISOString(),
            }));
            if (items.some((i) => i.access === 'locked')) note(live!.unlockingVersions);
            groups.push(page(kind, items));
          }
        }
        return { groups, unlocking: [...unlocking].map(([vn, vname]) => ({ vn, vname })) };
      };

      const first = await groupsFor(terms);
      // Nothing found: the words split into Chinese words (糖尿病护理 → 糖尿病 护理) are tried once. A paged group is
      // asked for with the words the overview used, so it never splits on its own.
      const words = q.kind || anyFound(first.groups) ? null : splitWords(terms);
      const again = words ? await groupsFor(words) : null;
      const used = again && anyFound(again.groups) ? { ...again, terms: words!, split: true } : { ...first, terms, split: false };
      return { AppID: appId, keyword, ...used };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
