import { CHAPTER_TEST_PAGE_MAX, getChapterTestEx } from '@kaoshi/contract';
import { prefetchCall } from '../../api/client';
import type { RouteEntry } from '../../lib/route-entry';
import { getSelectedSubject, linkAppID } from '../../lib/subject';

/**
 * A chapter opened directly (/answerTest?cptID=N, a link or a reload): its first page of questions, as
 * loadSource (entities/practice/sources.ts) asks for it, starts with the screen's code.
 */
function prefetchChapter(search: URLSearchParams) {
  const cptID = Number(search.get('cptID'));
  const subject = getSelectedSubject();
  const wanted = linkAppID(`?${search.toString()}`);
  if ((search.get('source') || 'chapter') !== 'chapter' || !Number.isInteger(cptID) || cptID <= 0 || !subject) return;
  if (wanted !== null && wanted !== subject.AppID) return;
  prefetchCall(getChapterTestEx, { appID: subject.AppID, cptID, page: 1, pageSize: CHAPTER_TEST_PAGE_MAX });
}

/** The routes of this feature, each screen loaded lazily (app/routes.tsx lists every feature's). */
export const practiceRoutes: RouteEntry[] = [
  // Chapter practice (章节练习, docs/practice-screens.md)
  { path: '/chapterMenu', load: () => import('./chapter-menu-screen') },
  { path: '/answerTest', load: () => import('./answer-test-screen'), prefetch: prefetchChapter },
  { path: '/zyanswer', load: () => import('./answer-test-screen') },
];
