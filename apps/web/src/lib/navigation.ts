/**
 * Navigation outside React (the API client, the login redirect, the change-info check).
 * main.tsx points it at the router (`setNavigator((to, o) => router.navigate(to, o))`); until then,
 * and in plain scripts, it falls back to a full page load.
 */
export type Navigate = (to: string, opts?: { replace?: boolean }) => void;

const pageLoad: Navigate = (to, opts) => {
  if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigate = pageLoad;

export function setNavigator(navigate: Navigate | null): void {
  current = navigate ?? pageLoad;
}

export const navigateTo: Navigate = (to, opts) => (opts ? current(to, opts) : current(to));

/**
 * Whether a path has a screen (the router's registry says; set by createAppRouter). Lets a screen open a
 * configured link only when it exists without importing the registry (which imports every feature).
 */
let screenFinder: (pathname: string) => boolean = () => true;

export function setScreenFinder(find: (pathname: string) => boolean): void {
  screenFinder = find;
}

export const hasScreen = (pathname: string): boolean => screenFinder(pathname);

/** The current path name (the router keeps window.location in sync in history mode). */
export function currentPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** Things the shell does to the browser itself; an object so that tests can replace them. */
export const browser = {
  /** Leaves the app for another URL (native scheme, partner page). */
  openUrl(url: string): void {
    window.location.href = url;
  },
  reload(): void {
    window.location.reload();
  },
};
