// The crash test's reading of what the server stored (SQL on the answers table) and its verdict (bench/crash-test.ts).
import { cpus, loadavg } from 'node:os';
import type { Store } from './lib.ts';
import { openStore } from './open-store.ts';

export type StoredRow = { reply_id: string; n: number; right: boolean; score: number; question_id: number };

/** This run's answers rows per replyID, and the whole table's (user_id, reply_id) uniqueness. */
export async function readStored(store: Store, userID: number, tag: string): Promise<{ rows: StoredRow[]; integrity: string }> {
  const database = await openStore(store);
  try {
    const res = await database.db.execute(
      `select reply_id, count(*)::int as n, bool_and("right") as "right", max(score)::float8 as score, max(question_id)::int as question_id
         from answers where user_id = ${userID} and reply_id like '${tag}-%' group by reply_id`,
    );
    const rows = (res as unknown as { rows: StoredRow[] }).rows;
    const check = await database.db.execute(`select count(*)::int as n, count(distinct (user_id, reply_id))::int as d from answers`);
    const c = (check as unknown as { rows: { n: number; d: number }[] }).rows[0]!;
    return { rows, integrity: `whole table: ${c.n} rows, ${c.d} distinct (user_id, reply_id)` };
  } finally {
    await database.close();
  }
}

/** Prints the run's figures and answers whether every queued answer was stored exactly once. */
export function report(r: {
  label: string;
  rows: StoredRow[];
  integrity: string;
  queued: string[];
  questions: { allTestID: number }[];
  acked: Map<string, { right: boolean; score: number }>;
  refused: Map<string, string>;
  sends: number;
  retried: number;
  retriedAnswers: number;
  leftInOutbox: number;
  kills: number;
  killsWithInFlight: number;
  startKills: number;
  restartMs: number[];
  minKills: number;
}): boolean {
  const { label, rows, integrity, queued, questions, acked, refused, sends, retried, leftInOutbox, kills, killsWithInFlight, startKills, restartMs } = r;
  const KILLS = r.minKills;
  const stored = new Map(rows.map((r) => [r.reply_id, r]));
  const storedRows = rows.reduce((s, r) => s + Number(r.n), 0);
  const duplicates = rows.filter((r) => Number(r.n) > 1).length;
  const missing = queued.filter((id) => !stored.has(id));
  const missingAcked = [...acked.keys()].filter((id) => !stored.has(id));
  const mismatched = [...acked].filter(([id, a]) => {
    const r = stored.get(id);
    return r && (r.right !== a.right || Number(r.score) !== a.score);
  });
  const wrongQuestion = queued.filter((id, i) => stored.has(id) && Number(stored.get(id)!.question_id) !== questions[i % questions.length]!.allTestID);
  const queuedSet = new Set(queued);
  const unknown = rows.filter((r) => !queuedSet.has(r.reply_id));

  console.log(
    `\nCrash test on ${label} (${cpus().length}-core machine, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}):`,
  );
  console.log(
    `  queued ${queued.length}, sent ${sends} (retried ${retried}: ${r.retriedAnswers} answers sent more than once), acknowledged ${acked.size}, refused ${refused.size}, left in the outbox ${leftInOutbox}`,
  );
  console.log(
    `  kills ${kills} (${killsWithInFlight} with requests in flight) + ${startKills} during start-up; restarts ${restartMs.length - 1}, ready in avg ${Math.round(restartMs.slice(1).reduce((s, x) => s + x, 0) / Math.max(1, restartMs.length - 1))} ms, max ${Math.max(...restartMs.slice(1))} ms`,
  );
  console.log(
    `  rows stored ${storedRows} for ${stored.size} replyIDs; duplicates ${duplicates}; missing ${missing.length} (of them acknowledged ${missingAcked.length}); result ≠ acknowledged ${mismatched.length}; wrong question ${wrongQuestion.length}; rows not from this client ${unknown.length}`,
  );
  console.log(`  ${integrity}`);
  for (const [id, why] of [...refused].slice(0, 5)) console.log(`  refused ${id}: ${why}`);
  for (const id of missing.slice(0, 5)) console.log(`  missing ${id}`);
  const ok =
    refused.size === 0 &&
    leftInOutbox === 0 &&
    duplicates === 0 &&
    missing.length === 0 &&
    mismatched.length === 0 &&
    wrongQuestion.length === 0 &&
    unknown.length === 0 &&
    storedRows === queued.length &&
    kills >= KILLS;
  console.log(`  ${ok ? 'OK: every queued answer stored exactly once' : 'FAILED'}`);
  return ok;
}
