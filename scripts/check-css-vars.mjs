// Every custom property the web app's styles read (`var(--name)`) is set somewhere: in a style sheet
// (`--name:`) or by code (`'--name'` in a style object). A name read but never set falls back to its literal,
// which is a day colour in night mode too (docs/web-shell.md, "Night mode"). Run by `npm run lint`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../apps/web/src', import.meta.url).pathname;
/** Set by libraries, not by us: antd-mobile's tokens and the browser's. */
const EXTERNAL = /^--adm-/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(css|tsx?)$/.test(name)) yield path;
  }
}

const set = new Set();
const read = [];
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(--[\w-]+)\s*:/g)) set.add(m[1]);
  for (const m of text.matchAll(/['"](--[\w-]+)['"]/g)) set.add(m[1]);
  if (file.endsWith('.css')) {
    text.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/var\((--[\w-]+)/g)) read.push({ name: m[1], at: `${relative(process.cwd(), file)}:${i + 1}` });
    });
  }
}
const unset = read.filter((r) => !set.has(r.name) && !EXTERNAL.test(r.name));
if (unset.length > 0) {
  console.error(`check-css-vars: ${unset.length} custom properties are read but never set:`);
  for (const r of unset) console.error(`  ${r.at}  ${r.name}`);
  process.exit(1);
}
console.log(`check-css-vars: ${read.length} reads of ${new Set(read.map((r) => r.name)).size} custom properties, all set`);
