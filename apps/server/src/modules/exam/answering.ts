import { EXAM_MSG, replyFits, type ExamReplyInput, type QuestionType } from '@kaoshi/contract';
import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import { locksSections, overdue } from './hand-in.ts';
import { normalise } from './scoring.ts';
import { createReplyBatcher } from './reply-batcher.ts';
import type { ExamStore, ReplyWrite } from './store.ts';
import { iso, remaining } from './views.ts';

/** Which section holds each question of a session. */
const sectionOf = (s: ExamSessionRow) => new Map(s.sections.flatMap((sec, i) => sec.questions.map((q) => [q, i] as const)));

/** Autosave and section locks of an open session (docs/exams.md). */
export function createAnswering(deps: { store: ExamStore; clock: Clock; ownSession: (userId: number, id: number) => Promise<ExamSessionRow> }) {
  const { store, clock, ownSession } = deps;
  const batcher = createReplyBatcher(store);
  const now = () => new Date(clock());

  /**
   * A batch's replies checked against the session as it is (per reply: in the paper, its section open, a reply
   * its type allows): what to write, and what is refused with its reason. The autosave and the hand-in's carried
   * replies (service.ts) share it.
   */
  async function checkReplies(s: ExamSessionRow, input: ExamReplyInput[]): Promise<{ writes: ReplyWrite[]; refused: { replyID: string; msg: string }[] }> {
    const where = sectionOf(s);
    const keys = new Map((await store.keys([...new Set(input.map((r) => r.allTestID))].filter((q) => where.has(q)))).map((k) => [k.id, k]));
    const refused: { replyID: string; msg: string }[] = [];
    const writes: ReplyWrite[] = [];
    for (const r of input) {
      const section = where.get(r.allTestID);
      const key = keys.get(r.allTestID);
      if (section === undefined || !key) refused.push({ replyID: r.replyID, msg: EXAM_MSG.notInPaper });
      else if (locksSections(s) && section < s.sectionIndex) refused.push({ replyID: r.replyID, msg: EXAM_MSG.sectionLocked });
      else if (locksSections(s) && section > s.sectionIndex) refused.push({ replyID: r.replyID, msg: EXAM_MSG.sectionAhead });
      else {
        const type = key.type as QuestionType;
        const reply = normalise(type, r.lastUserReply);
        if (r.lastUserReply.trim() !== '' && !replyFits(type, r.lastUserReply.trim())) refused.push({ replyID: r.replyID, msg: EXAM_MSG.badReply });
        else writes.push({ replyId: r.replyID, questionId: r.allTestID, reply, flagged: r.flagged ?? false, spentSeconds: r.spendTime ?? 0 });
      }
    }
    return { writes, refused };
  }

  /** A batch autosave: checked per reply, written in one transaction that holds the session. */
  async function saveReplies(userId: number, id: number, input: ExamReplyInput[]) {
    const s = await ownSession(userId, id);
    const at = now();
    const refusedMsg = (row: ExamSessionRow) => {
      if (row.status !== 'open') return row.handedBy === 'deadline' ? EXAM_MSG.timeUp : EXAM_MSG.handedIn;
      if (overdue(row, at)) return EXAM_MSG.timeUp;
      return null;
    };
    const early = refusedMsg(s);
    if (early) throw badInput(early);
    const { writes, refused } = await checkReplies(s, input);
    let saved = 0;
    if (writes.length) {
      // Written with the autosaves arriving with it (group commit), checked again on its locked row: a hand-in or
      // a section lock (another device) may have come first; a section locked since the checks refuses the batch.
      const out = await batcher.submit(
        { userId, sessionId: id, writes, refuse: (row) => refusedMsg(row) ?? (row.sectionIndex !== s.sectionIndex ? EXAM_MSG.sectionLocked : null) },
        at,
      );
      if (!out.ok) throw out.msg ? badInput(out.msg) : notFound(EXAM_MSG.unknownSession);
      saved = out.saved;
      for (const replyID of out.reused) refused.push({ replyID, msg: EXAM_MSG.replyIdReused });
    }
    // A batch of which nothing could be kept answers the reason in the body (400), so the learner reads it.
    if (refused.length > 0 && refused.length === input.length) throw badInput(refused[0]!.msg);
    return { saved, refused, deadline: s.deadlineAt ? iso(s.deadlineAt) : null, serverNow: iso(at), remainingSeconds: remaining(s, at) };
  }

  /** Leaves section `index` of an exam: it locks and the next one opens; already left → the current state. */
  async function lockSection(userId: number, id: number, index: number) {
    const s = await ownSession(userId, id);
    if (s.status !== 'open') throw badInput(s.handedBy === 'deadline' ? EXAM_MSG.timeUp : EXAM_MSG.handedIn);
    if (!locksSections(s)) throw badInput(EXAM_MSG.noSections);
    if (index >= s.sections.length) throw badInput(EXAM_MSG.notInPaper);
    if (index > s.sectionIndex) throw badInput(EXAM_MSG.sectionAhead);
    let row = s;
    if (index === s.sectionIndex) {
      if (index === s.sections.length - 1) throw badInput(EXAM_MSG.lastSection);
      row = (await store.lockSection(userId, id, index)) ?? (await ownSession(userId, id));
    }
    const at = now();
    return { sectionIndex: row.sectionIndex, serverNow: iso(at), remainingSeconds: remaining(row, at) };
  }

  return { saveReplies, lockSection, checkReplies };
}
