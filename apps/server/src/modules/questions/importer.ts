import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { IMAGE_NAME } from '@kaoshi/contract';
import type { Database } from '../../db/index.ts';
import { touchModule } from '../subject/index.ts';
import { csvBank, placeProblems, type CsvBank } from './csv.ts';
import { createQuestionStore, type WriteCounts } from './store.ts';
import { validateBank, type Problem } from './validate.ts';

/** Where images come from: the bytes of a file name, or undefined when there is no such image. */
export type ImageSource = (name: string) => Buffer | undefined;

export type ImportResult =
  ({ ok: true; appId: number; subjectName: string; questions: number; groups: number; chapters: number } & WriteCounts) | { ok: false; problems: Problem[] };

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', svg: 'image/svg+xml' };
export const mimeOf = (name: string): string => MIME[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** Images looked up in the given folders, first hit wins (names are checked against IMAGE_NAME: no paths). */
export function imagesIn(dirs: string[]): ImageSource {
  return (name) => {
    if (!IMAGE_NAME.test(name)) return undefined;
    for (const d of dirs) {
      const p = join(d, name);
      if (existsSync(p)) return readFileSync(p);
    }
    return undefined;
  };
}

/** The `images/` folders beside the given files. */
export const imagesBeside = (files: string[]): ImageSource => imagesIn([...new Set(files.map((f) => join(dirname(f), 'images')))]);

export interface ImportOptions {
  /** The import's time (updated_at, red dot); default now. */
  now?: Date;
  /** Light the 章节练习 red dot when anything changed (default true; the demo seed leaves the dots to module-updates.json). */
  markUpdated?: boolean;
  /** Recorded with the bank: 'demo' banks are the seed's to refresh (default 'import'). */
  origin?: 'demo' | 'import';
}

/**
 * Imports one subject's bank (docs/questions.md): every file is validated together, then everything is
 * written in one transaction, or nothing at all when there is any problem (each reported with its file
 * and place, in Chinese). Re-importing updates questions in place (same serial ids); questions missing
 * from the files are marked retired, never deleted.
 */
export async function importBank(db: Database, files: { name: string; data: unknown }[], images: ImageSource, opts: ImportOptions = {}): Promise<ImportResult> {
  const cache = new Map<string, Buffer | undefined>();
  const image = (name: string) => {
    if (!cache.has(name)) cache.set(name, images(name));
    return cache.get(name);
  };
  const checked = validateBank(files, (name) => image(name) !== undefined);
  const store = createQuestionStore(db);
  // The subject must exist (reported together with the files' own problems).
  const first = files.find((f) => Number.isInteger((f.data as { appID?: unknown } | null)?.appID));
  const appID = checked.ok ? checked.bank.appID : ((first?.data as { appID?: number } | undefined)?.appID ?? null);
  const subjectName = appID === null ? undefined : await store.subjectName(appID);
  const unknown = appID !== null && subjectName === undefined ? [{ file: first?.name ?? '', at: 'appID', message: `科目 ${appID} 不存在，请先在科目目录中建立该科目` }] : [];
  if (!checked.ok) return { ok: false, problems: [...unknown, ...checked.problems] };
  if (subjectName === undefined) return { ok: false, problems: unknown };
  const bank = checked.bank;

  const now = opts.now ?? new Date();
  const counts = await store.writeBank(
    {
      appId: bank.appID,
      chapters: bank.chapters,
      points: bank.knowledgePoints,
      groups: bank.groups.map((g) => ({ extId: g.id, type: g.type, chapter: g.chapter, stem: g.stem, options: g.options })),
      questions: bank.questions.map((q) => ({
        extId: q.id,
        type: q.type,
        chapter: q.chapter,
        group: q.groupId,
        groupOrder: q.groupOrder,
        stem: q.stem,
        options: q.options,
        answer: q.answer,
        explanation: q.explanation,
        difficulty: q.difficulty,
        year: q.year,
        source: q.source,
        points: q.points,
      })),
      images: bank.images.map((name) => {
        const bytes = image(name)!;
        return { name, mime: mimeOf(name), bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
      }),
    },
    now,
    opts.origin ?? 'import',
  );
  if (counts.added + counts.updated + counts.retired > 0) {
    await store.analyze();
    if (opts.markUpdated ?? true) await touchModule(db, bank.appID, 'chapter', now);
  }
  return { ok: true, appId: bank.appID, subjectName, questions: bank.questions.length, groups: bank.groups.length, chapters: bank.chapters.length, ...counts };
}

/** The one-line summary the CLI and the seed print. */
export const summary = (r: Extract<ImportResult, { ok: true }>): string =>
  `imported ${r.questions} questions (${r.added} new, ${r.updated} updated, ${r.retired} retired) into ${r.appId} ${r.subjectName}`;

/** Problems as lines for people: file, place, Chinese message. */
export const problemLines = (problems: Problem[]): string[] => problems.map((p) => `${p.file} ${p.at}: ${p.message}`);

export interface FileOptions extends ImportOptions {
  /** CSV banks: the subject (a CSV has no appID column). */
  appId?: number;
  /** CSV banks: the chapters table `code,name,parent`. */
  chapters?: string;
  /** CSV banks: the knowledge points table `code,name` (optional: undeclared codes are named by their code). */
  points?: string;
}

/**
 * Reads bank files from disk (JSON, or CSV with its chapters table) and imports them as one subject's
 * bank; images come from an `images/` folder beside each file. Problems of CSV files are placed as '第N行 X列'.
 */
export async function importFiles(db: Database, paths: string[], opts: FileOptions = {}): Promise<ImportResult> {
  const problems: Problem[] = [];
  const files: { name: string; data: unknown }[] = [];
  const csv: CsvBank[] = [];
  const read = (p: string): string | undefined => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      problems.push({ file: p, at: '(文件)', message: '文件不存在或无法读取' });
      return undefined;
    }
  };
  if (paths.length === 0) problems.push({ file: '', at: '', message: '没有可导入的文件' });
  for (const p of paths) {
    const text = read(p);
    if (text === undefined) continue;
    if (extname(p).toLowerCase() === '.csv') {
      if (!opts.chapters) {
        problems.push({ file: p, at: '(文件)', message: 'CSV 题库需要用 --chapters 指定章节表（code,name,parent）' });
        continue;
      }
      if (!opts.appId) {
        problems.push({ file: p, at: '(文件)', message: 'CSV 题库需要用 --app 指定科目编号' });
        continue;
      }
      const chaptersText = read(opts.chapters);
      const pointsText = opts.points ? read(opts.points) : undefined;
      if (chaptersText === undefined || (opts.points && pointsText === undefined)) continue;
      const converted = csvBank(
        { name: p, text },
        { name: opts.chapters, text: chaptersText },
        opts.points && pointsText !== undefined ? { name: opts.points, text: pointsText } : undefined,
        opts.appId,
        problems,
      );
      csv.push(converted);
      files.push({ name: p, data: converted.data });
    } else {
      try {
        files.push({ name: p, data: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown });
      } catch (err) {
        problems.push({ file: p, at: '(文件)', message: `不是有效的 JSON：${err instanceof Error ? err.message : String(err)}` });
      }
    }
  }
  const images = imagesBeside(paths);
  if (problems.length > 0) {
    // Report the files' own problems too, so one run lists everything to fix.
    const checked = files.length ? validateBank(files, (name) => images(name) !== undefined) : undefined;
    return { ok: false, problems: [...problems, ...(checked && !checked.ok ? placeProblems(checked.problems, csv) : [])] };
  }
  const result = await importBank(db, files, images, opts);
  return result.ok ? result : { ok: false, problems: placeProblems(result.problems, csv) };
}
