import {
  GROUP_TYPES,
  TF_OPTIONS,
  imagesIn,
  importFile,
  importItem,
  type GroupType,
  type ImportGroup,
  type ImportItem,
  type ImportOption,
  type QuestionType,
} from '@kaoshi/contract';

/**
 * Validation of question bank files (docs/questions.md), pure: it reads nothing but what it is given.
 * Every problem is reported with where it is ('items[12].questions[1].answer' or a spreadsheet row), in
 * Chinese for the person fixing the file. A bank with any problem is not imported at all.
 */

export interface Problem {
  /** File name (as given). */
  file: string;
  /** Where in the file: a JSON path or '第N行'. */
  at: string;
  message: string;
}

/** One answerable question after validation, flattened out of its group. */
export interface BankQuestion {
  /** Stable id within the subject. */
  id: string;
  type: QuestionType;
  chapter: string;
  /** The group's id for A3/A4/B1/CASE sub-questions; null for single items. */
  groupId: string | null;
  /** Position within the group (0-based); 0 for single items. */
  groupOrder: number;
  stem: string;
  options: ImportOption[];
  /** Keys ('C', 'ACD') or, for FILL, the accepted texts. */
  answer: string | string[];
  explanation: string;
  points: string[];
  difficulty: number;
  year: number | null;
  source: string;
}

export interface BankGroup {
  id: string;
  type: GroupType;
  chapter: string;
  stem: string;
  /** B1: the shared options; else []. */
  options: ImportOption[];
}

export interface Bank {
  appID: number;
  chapters: { code: string; name: string; parent: string | null; order: number }[];
  knowledgePoints: { code: string; name: string }[];
  groups: BankGroup[];
  questions: BankQuestion[];
  /** Image file names the questions refer to. */
  images: string[];
}

export type ValidationResult = { ok: true; bank: Bank } | { ok: false; problems: Problem[] };

const zodPath = (path: readonly PropertyKey[]) => path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${String(p)}` : String(p)), '');

interface LooseIssue {
  code?: string;
  path: PropertyKey[];
  message: string;
  errors?: LooseIssue[][];
}

/**
 * An item is a single question or a group; when it fits neither, zod says only '题目格式不正确'. Report
 * the issues of the branch it came closest to instead (a bad difficulty, a missing stem …).
 */
function closestIssues(issue: LooseIssue): { path: PropertyKey[]; message: string }[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const best = issue.errors.filter((b) => b.length > 0).sort((a, b) => a.length - b.length)[0];
  if (!best) return [issue];
  return best.flatMap((x) => closestIssues(x)).map((x) => ({ path: [...issue.path, ...x.path], message: x.message }));
}

/** Option keys must run A, B, C… without gaps or repeats. */
function checkOptions(options: ImportOption[], min: number, at: string, add: (at: string, m: string) => void) {
  if (options.length < min) add(at, `至少需要${min}个选项`);
  options.forEach((o, i) => {
    const expected = String.fromCharCode(65 + i);
    if (o.key !== expected) add(`${at}[${i}].key`, `选项字母应为 ${expected}（按 A、B、C… 顺序排列，不能重复或跳过）`);
  });
}

function checkKeys(answer: string, options: ImportOption[], type: QuestionType, at: string, add: (at: string, m: string) => void) {
  const keys = new Set(options.map((o) => o.key));
  const picked = [...answer];
  const missing = picked.filter((k) => !keys.has(k as ImportOption['key']));
  if (missing.length) add(at, `答案 ${missing.join('')} 不在选项中`);
  if (new Set(picked).size !== picked.length) add(at, '答案中有重复的选项字母');
  const many = type === 'X' || type === 'CASE';
  if (!many && picked.length !== 1) add(at, `${type}型题只能有一个答案`);
  if (type === 'X' && picked.length < 2) add(at, '多选题至少要有两个正确答案');
}

/**
 * Validates the parsed content of bank files for one subject. Several files may make one bank (a bank split
 * by chapter): chapters and knowledge points may be declared in more than one file if identical; question
 * and group ids must be unique across all files. `imageExists` says whether an image file is present.
 */
export function validateBank(files: { name: string; data: unknown }[], imageExists: (name: string) => boolean): ValidationResult {
  const problems: Problem[] = [];
  const chapters = new Map<string, { code: string; name: string; parent: string | null; order: number; file: string }>();
  const points = new Map<string, { code: string; name: string }>();
  const groups: BankGroup[] = [];
  const questions: BankQuestion[] = [];
  const ids = new Map<string, string>();
  const images = new Set<string>();
  let appID: number | null = null;

  const parsedItems: { file: string; at: string; item: ImportItem }[] = [];

  for (const f of files) {
    const add = (at: string, message: string) => problems.push({ file: f.name, at, message });
    const head = importFile.safeParse(f.data);
    if (!head.success) {
      for (const issue of head.error.issues) add(zodPath(issue.path) || '(文件)', issue.message);
      continue;
    }
    if (appID === null) appID = head.data.appID;
    else if (head.data.appID !== appID) add('appID', `同一批导入的文件必须属于同一科目（${appID}）`);

    head.data.chapters.forEach((c, i) => {
      const prev = chapters.get(c.code);
      const entry = { code: c.code, name: c.name, parent: c.parent ?? null, order: chapters.size, file: f.name };
      if (!prev) chapters.set(c.code, entry);
      else if (prev.name !== c.name || prev.parent !== entry.parent) add(`chapters[${i}]`, `章节 ${c.code} 在 ${prev.file} 中的定义不同`);
    });
    head.data.knowledgePoints.forEach((p, i) => {
      const prev = points.get(p.code);
      if (!prev) points.set(p.code, p);
      else if (prev.name !== p.name) add(`knowledgePoints[${i}]`, `考点 ${p.code} 的名称前后不一致`);
    });
    head.data.items.forEach((raw, i) => {
      const r = importItem.safeParse(raw);
      if (!r.success) {
        for (const issue of r.error.issues.flatMap((x) => closestIssues(x))) add(`items[${i}]${issue.path.length ? '.' : ''}${zodPath(issue.path)}`, issue.message);
        return;
      }
      parsedItems.push({ file: f.name, at: `items[${i}]`, item: r.data });
    });
  }

  // Chapter tree: parents known, no cycles.
  for (const c of chapters.values()) {
    const add = (m: string) => problems.push({ file: c.file, at: `chapters(${c.code})`, message: m });
    if (c.parent !== null && !chapters.has(c.parent)) add(`上级章节 ${c.parent} 不存在`);
    const seen = new Set<string>([c.code]);
    for (let p = c.parent; p !== null; p = chapters.get(p)?.parent ?? null) {
      if (seen.has(p)) {
        add('章节的上下级关系形成了循环');
        break;
      }
      seen.add(p);
    }
  }

  const claim = (id: string, file: string, at: string) => {
    const prev = ids.get(id);
    if (prev) problems.push({ file, at, message: `编号 ${id} 重复（${prev} 已使用）` });
    else ids.set(id, `${file} ${at}`);
  };

  for (const { file, at, item } of parsedItems) {
    const add = (where: string, message: string) => problems.push({ file, at: where, message });
    if (!chapters.has(item.chapter)) add(`${at}.chapter`, `章节 ${item.chapter} 未在 chapters 中声明`);
    const texts: string[] = [];
    const meta = (q: { points: string[]; difficulty: number; year?: number; source?: string; explanation: string }, where: string) => {
      q.points.forEach((p, k) => {
        if (!points.has(p)) add(`${where}.points[${k}]`, `考点 ${p} 未在 knowledgePoints 中声明`);
      });
      texts.push(q.explanation);
      return { points: q.points, difficulty: q.difficulty, year: q.year ?? null, source: q.source ?? '', explanation: q.explanation };
    };

    if ((GROUP_TYPES as readonly string[]).includes(item.type)) {
      const g = item as ImportGroup;
      claim(g.id, file, at);
      const shared = g.options ?? [];
      if (g.type === 'B1') {
        checkOptions(shared, 4, `${at}.options`, add);
        shared.forEach((o) => texts.push(o.text));
      } else {
        if (!g.stem) add(`${at}.stem`, `${g.type}型题组需要共用的题干（病例）`);
        if (g.options?.length) add(`${at}.options`, `${g.type}型题组的选项写在每道小题中`);
      }
      if (g.stem) texts.push(g.stem);
      groups.push({ id: g.id, type: g.type, chapter: g.chapter, stem: g.stem ?? '', options: g.type === 'B1' ? shared : [] });
      g.questions.forEach((q, k) => {
        const where = `${at}.questions[${k}]`;
        claim(q.id, file, where);
        let options = q.options ?? [];
        if (g.type === 'B1') {
          if (q.options?.length) add(`${where}.options`, 'B1型题的小题使用题组共用的选项，不能另设选项');
          options = shared;
        } else checkOptions(options, 4, `${where}.options`, add);
        checkKeys(q.answer, options, g.type, `${where}.answer`, add);
        texts.push(q.stem, ...(g.type === 'B1' ? [] : options.map((o) => o.text)));
        questions.push({
          id: q.id,
          type: g.type,
          chapter: g.chapter,
          groupId: g.id,
          groupOrder: k,
          stem: q.stem,
          options: g.type === 'B1' ? [] : options,
          answer: q.answer,
          ...meta(q, where),
        });
      });
      continue;
    }

    const s = item as Exclude<ImportItem, ImportGroup>;
    claim(s.id, file, at);
    texts.push(s.stem);
    let options: ImportOption[] = [];
    if (s.type === 'A1' || s.type === 'A2' || s.type === 'X') {
      options = s.options;
      checkOptions(options, 4, `${at}.options`, add);
      checkKeys(s.answer, options, s.type, `${at}.answer`, add);
      texts.push(...options.map((o) => o.text));
    } else if (s.type === 'TF') {
      options = TF_OPTIONS.map((o) => ({ ...o }));
    }
    questions.push({ id: s.id, type: s.type, chapter: s.chapter, groupId: null, groupOrder: 0, stem: s.stem, options, answer: s.answer, ...meta(s, at) });
    // Images referenced anywhere in this item must exist.
    for (const name of texts.flatMap(imagesIn)) {
      images.add(name);
      if (!imageExists(name)) add(at, `图片 ${name} 不存在`);
    }
    continue;
  }

  // Images of group items (collected above per item only for singles): check them too.
  for (const { file, at, item } of parsedItems) {
    if (!(GROUP_TYPES as readonly string[]).includes(item.type)) continue;
    const g = item as ImportGroup;
    const texts = [g.stem ?? '', ...(g.options ?? []).map((o) => o.text), ...g.questions.flatMap((q) => [q.stem, q.explanation, ...(q.options ?? []).map((o) => o.text)])];
    for (const name of texts.flatMap(imagesIn)) {
      images.add(name);
      if (!imageExists(name)) problems.push({ file, at, message: `图片 ${name} 不存在` });
    }
  }

  if (problems.length > 0 || appID === null) return { ok: false, problems: problems.length ? problems : [{ file: '', at: '', message: '没有可导入的文件' }] };
  return {
    ok: true,
    bank: {
      appID,
      chapters: [...chapters.values()].map(({ code, name, parent, order }) => ({ code, name, parent, order })),
      knowledgePoints: [...points.values()],
      groups,
      questions,
      images: [...images],
    },
  };
}
