import type { Database } from '../../db/index.ts';
import { searchableSessions, type SearchableSession } from '../live/index.ts';
import { searchQuestions } from '../questions/index.ts';
import { handoutBodies, searchableHandouts, searchablePoints, type SearchableHandout, type SearchablePoint } from '../reading/index.ts';
import { searchableLessons, type SearchableLesson } from '../video/index.ts';

/** A LIKE pattern for "contains the words as typed" (the LIKE wildcards escaped). */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** What the search reads of a subject's catalogue (held in memory), each from the module that owns it. */
export type CatalogueLesson = SearchableLesson;
export type CatalogueHandout = SearchableHandout;
export type CataloguePoint = SearchablePoint;
export type CatalogueLive = SearchableSession;

/** The search's reads (docs/search.md): the bank's questions, and the catalogue from the modules that own it; never a learner's data. */
export function createSearchStore(db: Database) {
  return {
    /**
     * Matching questions of a subject (not retired): a page of those in `open` chapters (all when undefined) by
     * chapter order, their count, and how many in the other chapters match on what the learner may read of them
     * (the questions module's, docs/search.md).
     */
    questions: (appId: number, terms: readonly string[], open: readonly number[] | undefined, offset: number, limit: number) =>
      searchQuestions(db, appId, terms.map(containsPattern), open, offset, limit),

    /**
     * Handouts (shown, of the subject, in the `open` chapters: all when undefined) whose text holds any of the words:
     * id → the body, for the service to check every word across the body, title and headings, and for an excerpt.
     * A closed handout's body is never read (the reading module's).
     */
    handoutBodies: (appId: number, terms: readonly string[], open: readonly number[] | undefined) => handoutBodies(db, appId, terms.map(containsPattern), open),
    lessons: (appId: number) => searchableLessons(db, appId),
    handouts: (appId: number) => searchableHandouts(db, appId),
    points: (appId: number) => searchablePoints(db, appId),
    lives: (appId: number) => searchableSessions(db, appId),
  };
}

export type SearchStore = ReturnType<typeof createSearchStore>;
