import { GROUP_TYPES } from '@kaoshi/contract';
import { CsvError, parse } from 'csv-parse/sync';
import type { Problem } from './validate.ts';

/**
 * The spreadsheet format of a question bank (docs/questions.md): CSV, UTF-8 (a BOM is allowed), RFC 4180
 * quoting, one row per answerable question. Converted here to the structure validateBank takes, with a
 * map back from JSON places (`items[3].questions[1].answer`) to '第N行 answer列'.
 */

/** What an operator reads for each of csv-parse's refusals (the row is the record where the parser stopped). */
const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: '引号没有闭合',
  CSV_INVALID_CLOSING_QUOTE: '引号后面只能是逗号或换行',
  INVALID_OPENING_QUOTE: '没有加引号的格子里有引号：整格加引号，格内的引号写两遍（""）',
};

/**
 * Parses CSV text into records with csv-parse (RFC 4180: quoted fields may hold commas, quotes ("") and line
 * breaks; a UTF-8 BOM is dropped; CRLF, LF and CR end records; rows may differ in length, table() checks them).
 * A refusal names the record ('第N行', as the spreadsheet counts rows) in Chinese for the operator.
 */
export function parseCsv(text: string): { rows: string[][]; error?: string } {
  try {
    const rows = parse(text, { bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
    // Blank lines (a lone empty field) carry nothing.
    return { rows: rows.map((r) => (r.length === 1 && r[0] === '' ? [] : r)) };
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const record = typeof err.records === 'number' ? err.records : 0;
    return { rows: [], error: `第${record + 1}行：${CSV_ERRORS[err.code] ?? '不是有效的 CSV'}` };
  }
}

export const BANK_COLUMNS = [
  'id',
  'type',
  'chapter',
  'group',
  'group_stem',
  'stem',
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'answer',
  'explanation',
  'points',
  'difficulty',
  'year',
  'source',
] as const;
const REQUIRED = ['id', 'type', 'chapter', 'stem', 'answer', 'explanation'] as const;
const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
type Column = (typeof BANK_COLUMNS)[number];

export interface CsvText {
  name: string;
  text: string;
}

/** A CSV bank converted to an import file, with the way back from JSON places to rows. */
export interface CsvBank {
  name: string;
  data: unknown;
  /** '第N行 X列' for a place of the converted file, or undefined when it is not from the bank's rows. */
  place(at: string): { file: string; at: string } | undefined;
}

/** Spreadsheet words for a TF answer. */
const TF_WORDS: Record<string, string> = { 正确: 'A', 对: 'A', '√': 'A', 错误: 'B', 错: 'B', '×': 'B' };

const where = (row: number, col?: string) => `第${row}行${col ? ` ${col}列` : ''}`;

/** Reads a table with a header row; rows are numbered as in a spreadsheet (the header is 第1行). */
function table(file: CsvText, columns: readonly string[], required: readonly string[], problems: Problem[]) {
  const add = (at: string, message: string) => problems.push({ file: file.name, at, message });
  const parsed = parseCsv(file.text);
  if (parsed.error) {
    add('(文件)', parsed.error);
    return [];
  }
  const [header, ...rest] = parsed.rows;
  if (!header || header.length === 0) {
    add('第1行', '缺少表头');
    return [];
  }
  const names = header.map((h) => h.trim());
  names.forEach((h, i) => {
    if (!columns.includes(h)) add(where(1), `未知的列 “${h}”（第${i + 1}列）`);
    else if (names.indexOf(h) !== i) add(where(1), `列 “${h}” 重复`);
  });
  for (const r of required) if (!names.includes(r)) add(where(1), `缺少列 “${r}”`);
  const out: { row: number; get: (c: string) => string }[] = [];
  rest.forEach((cells, i) => {
    if (cells.length === 0 || cells.every((c) => c.trim() === '')) return;
    const row = i + 2;
    if (cells.length > names.length) add(where(row), `这一行有${cells.length}列，表头只有${names.length}列`);
    out.push({ row, get: (c) => (cells[names.indexOf(c)] ?? '').trim() });
  });
  return out;
}

const number = (s: string): number | string | undefined => (s === '' ? undefined : /^-?\d+$/.test(s) ? Number(s) : s);

/**
 * Converts a CSV bank (plus its chapters CSV `code,name,parent` and optional points CSV `code,name`) into
 * the JSON structure of an import file for `appID`. Problems of the spreadsheet itself are added to
 * `problems` with '第N行' places; the rest is left to validateBank (map its places back with `place`).
 */
export function csvBank(bank: CsvText, chaptersCsv: CsvText, pointsCsv: CsvText | undefined, appID: number, problems: Problem[]): CsvBank {
  const add = (row: number, col: string | undefined, message: string) => problems.push({ file: bank.name, at: where(row, col), message });

  const chapterRows = table(chaptersCsv, ['code', 'name', 'parent'], ['code', 'name'], problems);
  const chapters = chapterRows.map((r) => ({ code: r.get('code'), name: r.get('name'), ...(r.get('parent') ? { parent: r.get('parent') } : {}) }));
  const pointRows = pointsCsv ? table(pointsCsv, ['code', 'name'], ['code', 'name'], problems) : [];
  const declared = pointRows.map((r) => ({ code: r.get('code'), name: r.get('name') }));

  const rows = table(bank, BANK_COLUMNS, REQUIRED, problems);
  const used = new Set<string>();
  /** items[i] → its rows (a single item: one row; a group: its rows in order). */
  const itemRows: number[][] = [];
  const items: unknown[] = [];
  const groups = new Map<string, { item: Record<string, unknown> & { questions: unknown[] }; rows: number[]; type: string; chapter: string; stem: string }>();

  for (const r of rows) {
    const type = r.get('type').toUpperCase();
    const options = LETTERS.map((k) => ({ key: k, text: r.get(k) })).filter((o) => o.text !== '');
    const points = r
      .get('points')
      .split(/[;；]/)
      .map((p) => p.trim())
      .filter(Boolean);
    points.forEach((p) => used.add(p));
    const meta = {
      id: r.get('id'),
      explanation: r.get('explanation'),
      points,
      ...(number(r.get('difficulty')) !== undefined ? { difficulty: number(r.get('difficulty')) } : {}),
      ...(number(r.get('year')) !== undefined ? { year: number(r.get('year')) } : {}),
      ...(r.get('source') ? { source: r.get('source') } : {}),
    };
    const groupId = r.get('group');
    if ((GROUP_TYPES as readonly string[]).includes(type)) {
      if (!groupId) {
        add(r.row, 'group', `${type}型题要在 group 列填写题组编号，同一题组的各行编号相同`);
        continue;
      }
      const g = groups.get(groupId);
      if (!g) {
        const item = {
          type,
          id: groupId,
          chapter: r.get('chapter'),
          ...(r.get('group_stem') ? { stem: r.get('group_stem') } : {}),
          ...(type === 'B1' ? { options } : {}),
          questions: [{ stem: r.get('stem'), ...(type === 'B1' ? {} : { options }), answer: r.get('answer'), ...meta }],
        };
        groups.set(groupId, { item, rows: [r.row], type, chapter: r.get('chapter'), stem: r.get('group_stem') });
        items.push(item);
        itemRows.push([r.row]);
        continue;
      }
      if (type !== g.type) add(r.row, 'type', `同一题组的题型必须相同（题组 ${groupId} 是 ${g.type}）`);
      if (r.get('chapter') !== g.chapter) add(r.row, 'chapter', `同一题组的章节必须相同（题组 ${groupId} 在 ${g.chapter}）`);
      if (r.get('group_stem') && r.get('group_stem') !== g.stem) add(r.row, 'group_stem', '题组题干只写在题组的第一行');
      if (type === 'B1' && options.length > 0) add(r.row, 'A', 'B1型题组的共用选项写在题组第一行的 A–H 列，后面的行 A–H 列留空');
      g.item.questions.push({ stem: r.get('stem'), ...(type === 'B1' ? {} : { options }), answer: r.get('answer'), ...meta });
      g.rows.push(r.row);
      continue;
    }
    if (groupId) add(r.row, 'group', `${type || '这种'}题型不能放在题组中（group 列留空）`);
    const answer =
      type === 'FILL'
        ? r
            .get('answer')
            .split('|')
            .map((a) => a.trim())
            .filter(Boolean)
        : type === 'TF'
          ? (TF_WORDS[r.get('answer')] ?? r.get('answer').toUpperCase())
          : r.get('answer');
    items.push({ type, chapter: r.get('chapter'), stem: r.get('stem'), ...(type === 'TF' || type === 'FILL' ? {} : { options }), answer, ...meta });
    itemRows.push([r.row]);
  }
  // A group's rows, in order.
  items.forEach((it, i) => {
    const g = it as { questions?: unknown[]; id?: string };
    if (g.questions) itemRows[i] = groups.get(g.id!)!.rows;
  });

  // Without a points file, the codes used are declared with the code as the name; with one, it must list them all.
  const knowledgePoints = pointsCsv ? declared : [...used].map((c) => ({ code: c, name: c }));

  const place = (at: string): { file: string; at: string } | undefined => {
    const ch = /^chapters\[(\d+)\](?:\.(\w+))?/.exec(at) ?? /^chapters\((.+)\)$/.exec(at);
    if (ch) {
      const i = /^\d+$/.test(ch[1]!) ? Number(ch[1]) : chapters.findIndex((c) => c.code === ch[1]);
      const row = chapterRows[i]?.row;
      return row === undefined ? { file: chaptersCsv.name, at } : { file: chaptersCsv.name, at: where(row, ch[2]) };
    }
    const kp = /^knowledgePoints\[(\d+)\](?:\.(\w+))?/.exec(at);
    if (kp) {
      const row = pointRows[Number(kp[1])]?.row;
      return pointsCsv && row !== undefined ? { file: pointsCsv.name, at: where(row, kp[2]) } : undefined;
    }
    const m = /^items\[(\d+)\](?:\.questions(?:\[(\d+)\])?)?(?:\.(\w+)(?:\[(\d+)\])?)?/.exec(at);
    if (!m) return undefined;
    const rowsOf = itemRows[Number(m[1])];
    if (!rowsOf) return undefined;
    const inQuestion = m[2] !== undefined;
    const isQuestions = !inQuestion && at.includes('.questions');
    const row = inQuestion ? (rowsOf[Number(m[2])] ?? rowsOf[0]!) : rowsOf[0]!;
    const field = m[3];
    const isGroup = rowsOf !== undefined && (items[Number(m[1])] as { questions?: unknown }).questions !== undefined;
    let col: Column | undefined;
    if (isQuestions) col = 'group';
    else if (field === 'options') col = m[4] !== undefined ? (LETTERS[Number(m[4])] ?? 'A') : 'A';
    else if (field === 'stem') col = isGroup && !inQuestion ? 'group_stem' : 'stem';
    else if (field === 'id') col = isGroup && !inQuestion ? 'group' : 'id';
    else if (field && (BANK_COLUMNS as readonly string[]).includes(field)) col = field as Column;
    return { file: bank.name, at: where(row, col) };
  };

  return { name: bank.name, data: { appID, chapters, knowledgePoints, items }, place };
}

/** Rewrites validateBank's places for CSV files to '第N行 X列' (and to the chapters/points CSV when that is where the fix goes). */
export function placeProblems(problems: Problem[], csv: CsvBank[]): Problem[] {
  return problems.map((p) => {
    const bank = csv.find((c) => c.name === p.file);
    const placed = bank?.place(p.at);
    return placed ? { ...p, ...placed } : p;
  });
}
