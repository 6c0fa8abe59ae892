import type { ExamSessionRow } from '../../db/schema/index.ts';
import type { ExamStore } from './store.ts';
import type { RepliesWritten, SessionReplies } from './reply-writes.ts';

/** One autosave waiting for its batch: its checked replies, and the check its locked session must pass. */
export interface ReplyJob extends SessionReplies {
  /** The reason the locked row refuses the batch (handed in, time up, a section left meanwhile), else null. */
  refuse: (row: ExamSessionRow) => string | null;
}

/** A job's outcome: written, refused by its locked row (`msg`), or not found (another learner's id). */
export type JobOutcome = ({ ok: true } & RepliesWritten) | { ok: false; msg: string | null };

/** How long the first job of a batch waits for others, and the most jobs one transaction takes. */
export const GROUP_WINDOW_MS = 2;
export const GROUP_MAX = 100;

/**
 * Group commit of autosaves (docs/exams.md, "Group commit"): the autosaves that arrive within GROUP_WINDOW_MS of
 * each other (at most GROUP_MAX) are written in one transaction — their sessions locked in id order (no deadlock
 * between batches), each checked on its locked row, the replies of all that pass in one multi-row statement each
 * (reply-writes.ts) — and each answered after that commit. A batch that fails as a whole is retried job by job,
 * so one learner's failure is only theirs.
 */
export function createReplyBatcher(store: Pick<ExamStore, 'transaction' | 'lockSessions' | 'writeReplyBatch'>, opts = { windowMs: GROUP_WINDOW_MS, max: GROUP_MAX }) {
  type Waiting = { job: ReplyJob; at: Date; resolve: (o: JobOutcome) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  async function run(batch: Waiting[]): Promise<JobOutcome[]> {
    return store.transaction(async (tx) => {
      const rows = new Map(
        (
          await store.lockSessions(
            tx,
            [...new Set(batch.map((w) => w.job.sessionId))].sort((a, b) => a - b),
          )
        ).map((r) => [r.id, r]),
      );
      const outcomes: JobOutcome[] = batch.map(() => ({ ok: false, msg: null }));
      const passing: number[] = [];
      for (const [i, w] of batch.entries()) {
        const row = rows.get(w.job.sessionId);
        if (!row || row.userId !== w.job.userId) continue;
        const msg = w.job.refuse(row);
        if (msg) outcomes[i] = { ok: false, msg };
        else passing.push(i);
      }
      // The batch's time is its first job's (each job's own arrival differs by at most the window).
      const written = await store.writeReplyBatch(
        tx,
        passing.map((i) => batch[i]!.job),
        batch[0]!.at,
      );
      for (const [k, i] of passing.entries()) outcomes[i] = { ok: true, ...written[k]! };
      return outcomes;
    });
  }

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    try {
      const outcomes = await run(batch);
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // Each on its own: a failure is then its job's alone.
      for (const w of batch) await run([w]).then(([o]) => w.resolve(o!), w.reject);
    }
  }

  /** Queues one autosave's checked replies; resolves once its batch committed (or refused it). */
  function submit(job: ReplyJob, at: Date): Promise<JobOutcome> {
    return new Promise<JobOutcome>((resolve, reject) => {
      queue.push({ job, at, resolve, reject });
      if (queue.length >= opts.max) void flush();
      else timer ??= setTimeout(() => void flush(), opts.windowMs);
    });
  }

  return { submit, flush };
}
