import { paperFile, paperTotal, QUESTION_TYPE_NAMES, type PaperSection } from '@kaoshi/contract';
import type { PaperBankRow, PaperWrite } from './store.ts';

/** A problem in a paper file: where (a path like `sections[1].questions[4]`) and what. */
export interface PaperProblem {
  path: string;
  message: string;
}

/** `sections.0.questions` → `sections[0].questions`. */
const pathOf = (parts: readonly PropertyKey[]) => parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') || '(file)';

/**
 * Checks one paper file against the schema and the subject's bank (docs/papers.md) and resolves its bank ids to
 * `questions.id`: every id exists and is not retired, its type is its section's, no question twice, a group's
 * sub-questions are all present, in order, together in one section, the pass line is at most the total.
 * Returns the paper to write, or every problem found (messages in English; the schema's own are Chinese).
 */
export function checkPaperFile(
  data: unknown,
  appId: number,
  bank: readonly PaperBankRow[],
  groupExtIds: ReadonlySet<string>,
): { ok: true; paper: PaperWrite } | { ok: false; problems: PaperProblem[] } {
  const parsed = paperFile.safeParse(data);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => ({ path: pathOf(i.path), message: i.message })) };
  const file = parsed.data;
  const problems: PaperProblem[] = [];
  if (file.appID !== appId) problems.push({ path: 'appID', message: `appID ${file.appID} does not match its folder ${appId}` });

  const byExt = new Map(bank.map((q) => [q.extId, q]));
  /** Live members of each group in bank order. */
  const members = new Map<number, PaperBankRow[]>();
  for (const q of [...bank].sort((a, b) => a.groupOrder - b.groupOrder || a.id - b.id)) {
    if (q.groupId === null || q.retired) continue;
    const list = members.get(q.groupId) ?? [];
    list.push(q);
    members.set(q.groupId, list);
  }

  const seen = new Map<string, string>();
  const sections: PaperSection[] = [];
  /** Where each group's members were found: section index and positions. */
  const placed = new Map<number, { section: number; index: number; q: PaperBankRow }[]>();
  file.sections.forEach((s, si) => {
    const ids: number[] = [];
    s.questions.forEach((ext, qi) => {
      const at = `sections[${si}].questions[${qi}]`;
      const q = byExt.get(ext);
      if (!q) {
        problems.push({
          path: at,
          message: groupExtIds.has(ext) ? `${ext} is a group; list its sub-questions instead` : `no question ${ext} in the bank of subject ${appId}`,
        });
        return;
      }
      const before = seen.get(ext);
      if (before) {
        problems.push({ path: at, message: `question ${ext} appears twice (also at ${before})` });
        return;
      }
      seen.set(ext, at);
      if (q.retired) problems.push({ path: at, message: `question ${ext} is retired` });
      if (q.type !== s.type) problems.push({ path: at, message: `question ${ext} is ${q.type}, not ${s.type} like its section` });
      if (q.groupId !== null) {
        const list = placed.get(q.groupId) ?? [];
        list.push({ section: si, index: qi, q });
        placed.set(q.groupId, list);
      }
      ids.push(q.id);
    });
    sections.push({ type: s.type, title: s.title ?? QUESTION_TYPE_NAMES[s.type], score: s.score, questions: ids });
  });

  for (const [groupId, found] of placed) {
    const group = found[0]!.q.groupExtId ?? String(groupId);
    const where = `sections[${found[0]!.section}]`;
    if (new Set(found.map((f) => f.section)).size > 1) {
      problems.push({ path: where, message: `group ${group} is split across sections; keep its sub-questions together in one section` });
      continue;
    }
    const want = (members.get(groupId) ?? []).map((q) => q.extId);
    const got = found.map((f) => f.q.extId);
    const together = found.every((f, i) => i === 0 || f.index === found[i - 1]!.index + 1);
    if (want.join(',') !== got.join(',') || !together) {
      problems.push({
        path: where,
        message: `group ${group} must list all its sub-questions together and in order: ${want.join(', ')} (found ${got.join(', ')})`,
      });
    }
  }

  const total = paperTotal({ sections });
  if (file.passScore > total) problems.push({ path: 'passScore', message: `pass score ${file.passScore} is more than the paper's total ${total}` });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    paper: {
      appId,
      code: file.code,
      kind: file.kind,
      name: file.name,
      year: file.year ?? null,
      tag: file.tag ?? null,
      timeLimitSeconds: file.timeLimitMinutes * 60,
      passScore: file.passScore,
      totalScore: total,
      sections,
    },
  };
}
