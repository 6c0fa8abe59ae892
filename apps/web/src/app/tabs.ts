/**
 * The bottom tab bar's set (docs/navigation.md): four main screens a learner moves between. The bar shows on exactly
 * these paths (a tab's `paths`), so it stays out of every other screen — exams, the player, the live room, login,
 * guest and payment screens — without a list of exclusions to keep up to date.
 */
export interface Tab {
  label: string;
  /** Where tapping the tab goes. */
  to: string;
  /** The paths on which this tab shows as the current one (the first is `to`). */
  paths: readonly string[];
  icon: 'home' | 'bank' | 'study' | 'mine';
}

export const TABS: readonly Tab[] = [
  { label: '首页', to: '/homePage', paths: ['/homePage'], icon: 'home' },
  { label: '题库', to: '/chapterMenu', paths: ['/chapterMenu'], icon: 'bank' },
  // 学习计划: without a plan /studyMain sends the learner to /openStudy, which is still the 学习 tab.
  { label: '学习', to: '/studyMain', paths: ['/studyMain', '/openStudy'], icon: 'study' },
  { label: '我的', to: '/mine', paths: ['/mine'], icon: 'mine' },
];

/** Like the router: case-insensitive, a trailing slash ignored. */
const norm = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** The tab whose screen `pathname` is, or null (no tab bar there). */
export function tabOf(pathname: string): Tab | null {
  const p = norm(pathname);
  return TABS.find((t) => t.paths.some((q) => q.toLowerCase() === p)) ?? null;
}
