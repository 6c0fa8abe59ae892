import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTE_PRELOAD_FILE, type RoutePreload } from '@kaoshi/contract';

/** Only what the web build writes: hashed asset paths. Anything else in the file is left out of the page. */
const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * index.html for each route of the web app, with the route's screen chunks and styles asked for in its head
 * (`<link rel="modulepreload">`, `<link rel="preload" as="style">`), from the web build's route-preload.json
 * (apps/web/build/route-preload-plugin.ts). On a first visit the screen's code then arrives with the entry instead
 * of a round trip after the entry has run (bench/load-bench.ts). The router matches paths without regard to case,
 * so the lookup does too. Without the file (an older build) every page is index.html as it is.
 */
export function loadPagePreloads(dir: string): (path: string) => string | undefined {
  const file = join(dir, ROUTE_PRELOAD_FILE);
  if (!existsSync(file)) return () => undefined;
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RoutePreload>;
  const pages = new Map<string, string>();
  for (const [path, preload] of Object.entries(routes)) {
    const links = [
      ...preload.js.filter((href) => ASSET.test(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...preload.css.filter((href) => ASSET.test(href)).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ];
    if (links.length > 0) pages.set(path.toLowerCase(), html.replace('</head>', `${links.join('\n    ')}\n  </head>`));
  }
  return (path) => {
    const bare = path.split('?')[0]!.toLowerCase();
    return pages.get(bare.length > 1 ? bare.replace(/\/+$/, '') : bare);
  };
}

/**
 * The page with data for the app's start-up in a JSON script element (never run: `type="application/json"`, so the
 * CSP is unchanged), `<` escaped so that no stored text can close the element.
 */
export function withPageData(html: string, agent: { ac: string | null; data: unknown } | undefined): string {
  if (!agent) return html;
  const json = JSON.stringify(agent)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return html.replace('</head>', `<script type="application/json" id="kaoshi-agent">${json}</script>\n  </head>`);
}
