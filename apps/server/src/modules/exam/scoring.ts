import { normaliseKeys, scorePaper, scoreReply, type PaperKey, type QuestionType } from '@kaoshi/contract';
import type { ExamReplyRow, ExamResultJson, ExamSessionRow } from '../../db/schema/index.ts';
import type { HandInScore, KeyRow } from './store.ts';

/** The learner's reply as stored: FILL text trimmed, keys normalised ('ca' → 'AC'); '' stays ''. */
export function normalise(type: QuestionType, reply: string): string {
  const r = reply.trim();
  if (r === '') return '';
  return type === 'FILL' ? r : normaliseKeys(r);
}

/**
 * Scores a claimed session (pure): scorePaper over the frozen sections and the final replies, the breakdowns
 * with chapter names, and the answers to store (answered questions; `score` as a share of full marks, as
 * practice stores it).
 */
export function scoreSession(s: ExamSessionRow, replies: ExamReplyRow[], keys: KeyRow[], names: Map<number, string>): HandInScore {
  const keyOf = new Map(keys.map((k) => [k.id, k]));
  const replyOf = new Map(replies.filter((r) => r.reply !== '').map((r) => [r.questionId, r]));
  const paperKey = (id: number): PaperKey | undefined => {
    const k = keyOf.get(id);
    return k && { type: k.type as QuestionType, answer: k.answer, chapterId: k.chapterId };
  };
  const res = scorePaper({ sections: s.sections, passScore: s.passScore }, paperKey, new Map([...replyOf].map(([id, r]) => [id, r.reply])));
  const fullOf = new Map(s.sections.flatMap((sec) => sec.questions.map((q) => [q, sec.score] as const)));
  const usedSeconds = Math.max(0, Math.round(((s.handedAt ?? s.startedAt).getTime() - s.startedAt.getTime()) / 1000));
  const result: ExamResultJson = {
    total: res.total,
    right: res.right,
    wrong: res.wrong,
    unanswered: res.unanswered,
    passed: res.passed,
    usedSeconds,
    bySection: res.bySection.map(({ type, title, score, total, right, wrong, unanswered }) => ({ type, title, score, total, right, wrong, unanswered })),
    byChapter: res.byChapter.map(({ chapterId, score, total, right, wrong, unanswered }) => ({
      cptID: chapterId,
      name: names.get(chapterId) ?? '',
      score,
      total,
      right,
      wrong,
      unanswered,
    })),
    items: res.items.map((it) => ({
      id: it.id,
      reply: replyOf.get(it.id)?.reply ?? '',
      score: it.score,
      full: fullOf.get(it.id) ?? 0,
      right: it.right,
      answered: it.answered,
    })),
  };
  const answers = res.items
    .filter((it) => it.answered)
    .map((it) => {
      const k = keyOf.get(it.id)!;
      const r = replyOf.get(it.id)!;
      const one = scoreReply(k.type as QuestionType, k.answer, r.reply);
      return {
        questionId: it.id,
        chapterId: k.chapterId,
        reply: r.reply,
        right: one.right,
        score: one.score,
        spentSeconds: r.spentSeconds,
        retired: k.retired,
      };
    });
  return { score: res.score, result, answers };
}

/** The exam engine (docs/exams.md). Every read and write is for the given (session) user only. */
