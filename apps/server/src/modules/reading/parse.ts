import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ReadingSection } from '../../db/schema/index.ts';

/** A problem of a reading folder: the file (relative to the folder), where in it, and what (English for operators). */
export interface ReadingProblem {
  file: string;
  at: string;
  message: string;
}

export interface ParsedItem {
  kind: 'handout' | 'theory' | 'pocket';
  key: string;
  chapter: string;
  title: string;
  body: string;
  sections: ReadingSection[];
  pdf: string;
  ordinal: number;
  file: string;
}
export interface ParsedPoint {
  code: string;
  summary: string;
  weight: number;
  hot: boolean;
  handout: { chapter: string; anchor: string } | null;
  file: string;
}
export interface ParsedCard {
  key: string;
  point: string;
  front: string;
  back: string;
  mnemonic: string;
  file: string;
}
export interface ParsedNote {
  key: string;
  title: string;
  body: string;
  day: string | { offsetDays: number };
  file: string;
}
/** Everything of one subject's reading folder, checked for shape (codes are checked against the bank later). */
export interface ReadingBundle {
  items: ParsedItem[];
  points: ParsedPoint[];
  cards: ParsedCard[];
  notes: ParsedNote[];
  hotspots: { year: number | null; list: { point: string; reason: string }[] };
  files: Map<string, Buffer>;
}

export const PDF_MAX_BYTES = 20 * 1024 * 1024;
const KEY = /^[a-z0-9-]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `## 标题 {#anchor}` or `## 标题`: the sections of a handout (headings inside fenced code are not). */
export function sectionsOf(body: string): ReadingSection[] {
  const out: ReadingSection[] = [];
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^##\s+(.+?)\s*$/.exec(line);
    if (!m) continue;
    const explicit = /^(.*?)\s*\{#([^}\s]+)\}$/.exec(m[1]!);
    out.push(explicit ? { heading: explicit[1]!.trim(), anchor: explicit[2]! } : { heading: m[1]!, anchor: m[1]! });
  }
  return out;
}

export const contentHash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 16);

/** Splits front matter (YAML between `---` lines) from the body. */
function frontMatter(text: string, file: string, problems: ReadingProblem[]): { meta: Record<string, unknown>; body: string } | null {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  const m = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(src);
  if (!m) {
    problems.push({ file, at: 'line 1', message: 'missing front matter (a block between --- lines)' });
    return null;
  }
  try {
    const meta = parseYaml(m[1]!) as unknown;
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) throw new Error('front matter is not a map');
    return { meta: meta as Record<string, unknown>, body: m[2]!.trim() };
  } catch (err) {
    problems.push({ file, at: 'front matter', message: (err as Error).message.split('\n')[0]! });
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const listMd = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
const listYaml = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
    : [];

function readYaml(path: string, file: string, problems: ReadingProblem[]): unknown {
  try {
    return parseYaml(readFileSync(path, 'utf8'));
  } catch (err) {
    problems.push({ file, at: 'yaml', message: (err as Error).message.split('\n')[0]! });
    return undefined;
  }
}

function checkSections(sections: ReadingSection[], file: string, problems: ReadingProblem[]) {
  const seen = new Set<string>();
  for (const s of sections) {
    if (seen.has(s.anchor)) problems.push({ file, at: `## ${s.heading}`, message: `anchor "${s.anchor}" is used twice` });
    seen.add(s.anchor);
  }
}

/** Reads a reading folder (docs/reading.md, "Import: the reading format"); every problem is listed. */
export function readReadingFolder(dir: string): { bundle: ReadingBundle; problems: ReadingProblem[] } {
  const problems: ReadingProblem[] = [];
  const bundle: ReadingBundle = { items: [], points: [], cards: [], notes: [], hotspots: { year: null, list: [] }, files: new Map() };
  const md = (kind: ParsedItem['kind'], sub: string, key: string, chapter: string, ordinal: number) => {
    const file = `${sub}`;
    const fm = frontMatter(readFileSync(join(dir, sub), 'utf8'), file, problems);
    if (!fm) return;
    const title = str(fm.meta.title);
    if (!title) problems.push({ file, at: 'front matter', message: 'title is missing' });
    const pdf = kind === 'handout' ? str(fm.meta.pdf) : '';
    if (pdf) {
      const path = join(dir, 'handouts', pdf);
      if (!/^[\w.-]+\.pdf$/.test(pdf) || !existsSync(path)) problems.push({ file, at: 'pdf', message: `no PDF handouts/${pdf}` });
      else if (statSync(path).size > PDF_MAX_BYTES) problems.push({ file, at: 'pdf', message: `handouts/${pdf} is larger than 20 MB` });
      else {
        const bytes = readFileSync(path);
        if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-' || !bytes.subarray(-1024).toString('latin1').includes('%%EOF'))
          problems.push({ file, at: 'pdf', message: `handouts/${pdf} is not a complete PDF file` });
        else bundle.files.set(pdf, bytes);
      }
    } else if (!fm.body) problems.push({ file, at: 'body', message: 'the text is empty' });
    // A PDF's Markdown is only its text for search: no sections (positions in a PDF are pages).
    const sections = kind === 'handout' && !pdf ? sectionsOf(fm.body) : [];
    checkSections(sections, file, problems);
    bundle.items.push({ kind, key, chapter, title, body: fm.body, sections, pdf, ordinal, file });
  };

  for (const f of listMd(join(dir, 'handouts'))) md('handout', `handouts/${f}`, f.slice(0, -3), f.slice(0, -3), 0);
  for (const f of listMd(join(dir, 'pocket'))) md('pocket', `pocket/${f}`, f.slice(0, -3), f.slice(0, -3), 0);
  const theory = join(dir, 'theory');
  if (existsSync(theory))
    for (const chapter of readdirSync(theory).sort())
      listMd(join(theory, chapter)).forEach((f, i) => md('theory', `theory/${chapter}/${f}`, `${chapter}/${f.slice(0, -3)}`, chapter, i));

  for (const f of listYaml(join(dir, 'points'))) {
    const file = `points/${f}`;
    const doc = readYaml(join(dir, file), file, problems);
    if (doc === undefined || doc === null) continue;
    if (typeof doc !== 'object' || Array.isArray(doc)) {
      problems.push({ file, at: 'yaml', message: 'must be a map from point code to its entry' });
      continue;
    }
    for (const [code, v] of Object.entries(doc as Record<string, unknown>)) {
      const e = (v ?? {}) as Record<string, unknown>;
      const weight = e.weight === undefined ? 3 : Number(e.weight);
      if (!Number.isInteger(weight) || weight < 1 || weight > 5) problems.push({ file, at: code, message: 'weight must be 1 to 5' });
      let handout: ParsedPoint['handout'] = null;
      if (e.handout !== undefined) {
        const m = /^([^#\s]+)#(.+)$/.exec(str(e.handout));
        if (!m) problems.push({ file, at: code, message: 'handout must be "<chapter code>#<anchor>"' });
        else handout = { chapter: m[1]!, anchor: m[2]! };
      }
      if (e.hot !== undefined && typeof e.hot !== 'boolean') problems.push({ file, at: code, message: 'hot must be true or false' });
      bundle.points.push({ code, summary: str(e.summary), weight, hot: e.hot === true, handout, file });
    }
  }

  for (const f of listYaml(join(dir, 'cards'))) {
    const file = `cards/${f}`;
    const doc = readYaml(join(dir, file), file, problems);
    if (doc === undefined || doc === null) continue;
    if (!Array.isArray(doc)) {
      problems.push({ file, at: 'yaml', message: 'must be a list of cards' });
      continue;
    }
    doc.forEach((v: unknown, i) => {
      const e = (v ?? {}) as Record<string, unknown>;
      const card = { key: str(e.key), point: str(e.point), front: str(e.front), back: str(e.back), mnemonic: str(e.mnemonic), file };
      const at = `card ${i + 1}${card.key ? ` (${card.key})` : ''}`;
      if (!KEY.test(card.key)) problems.push({ file, at, message: 'key must be lowercase letters, digits and -' });
      if (!card.point || !card.front || !card.back) problems.push({ file, at, message: 'point, front and back are required' });
      bundle.cards.push(card);
    });
  }

  for (const f of listMd(join(dir, 'daily'))) {
    const file = `daily/${f}`;
    const fm = frontMatter(readFileSync(join(dir, file), 'utf8'), file, problems);
    if (!fm) continue;
    const title = str(fm.meta.title);
    const day = fm.meta.day instanceof Date ? fm.meta.day.toISOString().slice(0, 10) : str(fm.meta.day);
    const offset = fm.meta.offsetDays;
    if (!title || !fm.body) problems.push({ file, at: 'front matter', message: 'title and text are required' });
    if (day && DAY.test(day)) bundle.notes.push({ key: f.slice(0, -3), title, body: fm.body, day, file });
    else if (!day && Number.isInteger(offset)) bundle.notes.push({ key: f.slice(0, -3), title, body: fm.body, day: { offsetDays: offset as number }, file });
    else problems.push({ file, at: 'front matter', message: 'needs day: YYYY-MM-DD or offsetDays: <whole number>' });
  }

  if (existsSync(join(dir, 'hotspots.yaml'))) {
    const doc = readYaml(join(dir, 'hotspots.yaml'), 'hotspots.yaml', problems) as { year?: unknown; hotspots?: unknown } | undefined;
    if (doc && Array.isArray(doc.hotspots)) {
      const year = doc.year === undefined ? null : Number(doc.year);
      if (year !== null && !Number.isInteger(year)) problems.push({ file: 'hotspots.yaml', at: 'year', message: 'year must be a whole number' });
      bundle.hotspots = {
        year,
        list: doc.hotspots.map((h: unknown) => ({ point: str((h as Record<string, unknown>)?.point), reason: str((h as Record<string, unknown>)?.reason) })),
      };
    } else if (doc !== undefined) problems.push({ file: 'hotspots.yaml', at: 'yaml', message: 'needs a hotspots: list' });
  }
  return { bundle, problems };
}
