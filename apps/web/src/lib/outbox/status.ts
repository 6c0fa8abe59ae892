import { flushExamReplies, pendingExams } from './exam';
import { flushOutbox, pendingCount } from './practice';
import { flushReading, pendingReadingCount } from './reading';
import { flushProgress, pendingVideoCount } from './video';

/**
 * Every outbox channel at once, for /abnormal_repair (docs/navigation.md): what of the signed-in learner waits to be
 * sent, and one "sync now" that flushes each channel (a channel that cannot reach the server keeps its entries, as it
 * always does). Counting never throws: an unreadable channel counts 0.
 */

export interface OutboxStatus {
  /** Practice answers (submitReply). */
  practice: number;
  /** Exam replies (addSimulationReplys), over every exam with entries. */
  exam: number;
  /** Reading positions and marks. */
  reading: number;
  /** Video progress saves. */
  video: number;
  total: number;
}

const safe = (p: Promise<number>) => p.catch(() => 0);

export async function outboxStatus(): Promise<OutboxStatus> {
  const [practice, exam, reading, video] = await Promise.all([
    safe(pendingCount()),
    safe(pendingExams().then((e) => e.count)),
    safe(pendingReadingCount()),
    safe(pendingVideoCount()),
  ]);
  return { practice, exam, reading, video, total: practice + exam + reading + video };
}

/** Flushes every channel (one after another, oldest channel first) and answers what is left. */
export async function syncOutbox(): Promise<OutboxStatus> {
  await flushOutbox().catch(() => undefined);
  const exams = await pendingExams().catch(() => ({ examHistoryIDs: [] as number[], count: 0 }));
  for (const id of exams.examHistoryIDs) await flushExamReplies(id).catch(() => undefined);
  await flushReading().catch(() => undefined);
  await flushProgress().catch(() => undefined);
  return outboxStatus();
}
