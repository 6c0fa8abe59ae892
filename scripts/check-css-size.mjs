// Every CSS module of the web app stays under a size limit (docs/web-shell.md "CSS modules"): a module past it is split
// by component, and styles several screens repeat go to a shared module in apps/web/src/ui composed with `composes:`.
// The same limit as the source files' max-lines (eslint.config.js). The modules that were over it when the check came
// (KNOWN_OVER) may only shrink, and leave the list once under it. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 300;

/** Modules over the limit when the check came (path under apps/web/src → lines then): to be split, never to grow. */
export const KNOWN_OVER = {
  'features/ai/ai.module.css': 410,
  'features/shop/shop.module.css': 515,
  'features/discussion/discussion.module.css': 378,
  'features/every-day/every-day.module.css': 303,
  'features/exam-center/exam-center.module.css': 355,
  'features/guest/guest.module.css': 366,
  'features/live/live.module.css': 446,
  'features/live/room.module.css': 684,
  'features/mine/mine.module.css': 317,
  'features/plan/report.module.css': 350,
  'features/reading/shorthand.module.css': 381,
  'features/subject/subject.module.css': 398,
  'features/video/video.module.css': 478,
};

/** The *.module.css files under a folder. */
export function* cssModules(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules') yield* cssModules(path);
    } else if (name.endsWith('.module.css')) yield path;
  }
}

/** Lines of a text as an editor counts them (a final newline ends the last line, it does not start another). */
export const lineCount = (text) => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

/** What is wrong with the modules under `dir`: one sentence each (none: all is well). */
export function checkCssSize(dir, max = MAX_LINES, known = KNOWN_OVER) {
  const problems = [];
  for (const file of cssModules(dir)) {
    const name = relative(dir, file).split(sep).join('/');
    const lines = lineCount(readFileSync(file, 'utf8'));
    const was = known[name];
    if (was === undefined) {
      if (lines > max) problems.push(`${name}: ${lines} lines (limit ${max}): split it by component or compose shared styles from apps/web/src/ui`);
    } else if (lines <= max) problems.push(`${name}: ${lines} lines, under the limit now: take it off KNOWN_OVER (scripts/check-css-size.mjs)`);
    else if (lines > was) problems.push(`${name}: ${lines} lines, grown from ${was} while over the limit (${max}): split it, do not add to it`);
  }
  for (const name of Object.keys(known)) if (!existsSync(join(dir, name))) problems.push(`${name}: gone: take it off KNOWN_OVER (scripts/check-css-size.mjs)`);
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const web = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/src');
  const problems = checkCssSize(web);
  for (const p of problems) console.error(`apps/web/src/${p}`);
  if (problems.length > 0) process.exit(1);
  console.log(`check-css-size: no CSS module over ${MAX_LINES} lines but the ${Object.keys(KNOWN_OVER).length} listed, none of them grown`);
}
