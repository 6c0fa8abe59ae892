// Crash test of the exam hand-in (docs/exams.md "Seal, then grade"; part of bench/crash-test.ts): cohorts of
// learners sit the exam-day bench's 100-question paper on the real server; each cohort autosaves, then hands in
// all at once, every hand-in carrying its device's last 3 unsent replies (every tenth learner from two devices),
// and the harness SIGKILLs the server 20–400 ms into that burst: some sheets sealed and not graded, some
// hand-ins answered, some lost in flight. Before the restart it counts with SQL what the kill left (open, sealed
// and not graded, graded), so the run shows that kills landed between the seal and the grade. The client then
// does what the app does: a hand-in with no answer is sent again, with the same replies (the same replyIDs), until
// the server answers; a sheet being graded is asked for until its score is in. At the end the server stops
// cleanly and exam-day-check.ts's SQL check runs: one session per learner, every sheet graded once (one `answers`
// row per question answered, none twice), the carried replies a hand-in said it held are in the sheet, and both
// devices of a learner got the same score. Env: CRASH_EXAM_COHORTS (4), CRASH_EXAM_LEARNERS (per cohort, 100).
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { check } from './exam-day-check.ts';
import { client } from './exam-day-http.ts';
import { APP_ID, PAPER_NAME, setup, writePaper, type Learner } from './exam-day-setup.ts';
import { COMMON, sleep, spawnServer, stopServer, waitReady, type Server, type Store } from './lib.ts';
import { openStore } from './open-store.ts';

const COHORTS = Number(process.env.CRASH_EXAM_COHORTS ?? 4);
const PER_COHORT = Number(process.env.CRASH_EXAM_LEARNERS ?? 100);
const PORT = 3312;
const KEYS = 'ABCD';
const CARRIED = 3;

type Kind = 'start' | 'autosave' | 'handIn' | 'result';

/** What a kill left of a cohort's sheets, read with SQL while the server is down. */
async function leftByKill(store: Store, learners: Learner[], paperId: number): Promise<Record<string, number>> {
  const database = await openStore(store);
  try {
    const ids = learners.map((l) => l.userId).join(',');
    const r = await database.db.execute(sql.raw(`select status, count(*)::int as n from exam_sessions where paper_id = ${paperId} and user_id in (${ids}) group by status`));
    return Object.fromEntries((r as unknown as { rows: { status: string; n: number }[] }).rows.map((x) => [x.status, x.n]));
  } finally {
    await database.close();
  }
}

/** Runs the exam crash test on `store` (after crash-test.ts's answers run, on the same data); answers whether it held. */
export async function examCrashRun(label: string, store: Store): Promise<boolean> {
  console.log(`\n== exam hand-in crash test on ${label}: ${COHORTS} cohorts of ${PER_COHORT}, each SIGKILLed during its hand-in burst ==`);
  const work = mkdtempSync(join(tmpdir(), 'kaoshi-crash-exam-'));
  const papersDir = join(work, 'papers');
  writePaper(papersDir);
  const env = { EXTRA_PAPERS_DIR: papersDir };
  try {
    let learners: Learner[];
    const database = await openStore(store);
    try {
      learners = await setup(database, papersDir, COHORTS * PER_COHORT);
    } finally {
      await database.close();
    }
    let server: Server = spawnServer(PORT, store, env);
    await waitReady(server, PORT, 180_000);
    const { post, get, errors } = client<Kind>(PORT, 10_000, ['start', 'autosave', 'handIn', 'result']);
    const list = await fetch(`http://127.0.0.1:${PORT}/api/simulationTest/list?${COMMON}&guid=${learners[0]!.guid}&appID=${APP_ID}`).then(
      (r) => r.json() as Promise<{ data: { list: { paperID: number; name: string }[] } }>,
    );
    const paperId = list.data.list.find((p) => p.name === PAPER_NAME)?.paperID;
    if (!paperId) throw new Error('the bench paper is not in the list');

    let sections: number[][] = [];
    let sealedAtKill = 0;
    let inFlightAtKill = 0;
    for (let c = 0; c < COHORTS; c++) {
      const cohort = learners.slice(c * PER_COHORT, (c + 1) * PER_COHORT);
      // Start and one autosave of 10 replies each (acknowledged before the burst: the check counts them).
      await Promise.all(
        cohort.map(async (l) => {
          const text = await post('start', '/api/simulationTest/start', { guid: l.guid, appID: APP_ID, paperID: paperId });
          if (!text) return;
          const data = (JSON.parse(text) as { data: { examHistoryID: number; sections: { questions: number[] }[] } }).data;
          l.examHistoryID = data.examHistoryID;
          sections = data.sections.map((s) => s.questions);
          const next = sections[0]!.slice(0, 10);
          const replies = next.map((q, k) => ({ replyID: `crash-${l.i}-${k}-${q}`.padEnd(16, '0'), allTestID: q, lastUserReply: KEYS[(q + l.i) % 4]!, spendTime: 5 }));
          if (await post('autosave', '/api/answer/addSimulationReplys', { guid: l.guid, examHistoryID: l.examHistoryID, replies: JSON.stringify(replies) }))
            l.answered.push(...next);
        }),
      );
      // The burst: every learner hands in with 3 unsent replies; the second device (if any) at the same moment.
      const pending = new Map<Learner, string>();
      for (const l of cohort) {
        if (!l.examHistoryID) continue;
        const last = sections[0]!.slice(10, 10 + CARRIED);
        pending.set(
          l,
          JSON.stringify(last.map((q, k) => ({ replyID: `crash-${l.i}-h${k}-${q}`.padEnd(16, '0'), allTestID: q, lastUserReply: KEYS[(q + l.i) % 4]!, spendTime: 9 }))),
        );
      }
      const handIn = async (l: Learner): Promise<boolean> => {
        const replies = pending.get(l)!;
        const devices = [l.guid, ...(l.guid2 ? [l.guid2] : [])];
        const texts = await Promise.all(
          devices.map((guid, d) => post('handIn', '/api/simulationTest/handIn', { guid, examHistoryID: l.examHistoryID!, ...(d === 0 && { replies }) })),
        );
        for (const t of texts) if (t) l.handIns.push(t);
        if (!texts[0]) return false;
        const held = Number(/"repliesSaved":(\d+)/.exec(texts[0])?.[1] ?? NaN);
        const carried = (JSON.parse(replies) as { allTestID: number }[]).map((r) => r.allTestID);
        if (held === carried.length) l.answered.push(...carried);
        else if (held !== 0) errors.set(`handIn: ${held} of ${carried.length} carried replies held`, 1);
        return true;
      };
      let inFlight = pending.size;
      const burst = [...pending.keys()].map(async (l) => {
        const ok = await handIn(l);
        inFlight -= 1;
        return ok ? undefined : l;
      });
      await sleep(randomInt(20, 401));
      const flying = inFlight;
      server.child.kill('SIGKILL');
      await server.exited;
      const retry = (await Promise.all(burst)).filter((l): l is Learner => !!l);
      const left = await leftByKill(store, cohort, paperId);
      sealedAtKill += left.sealed ?? 0;
      inFlightAtKill += flying;
      console.log(
        `cohort ${c + 1}: killed with ${flying} of ${pending.size} hand-ins unanswered; the kill left ${left.open ?? 0} open, ${left.sealed ?? 0} sealed and not graded, ${left.handed ?? 0} graded`,
      );
      server = spawnServer(PORT, store, env);
      await waitReady(server, PORT, 180_000);
      // The app sends an unanswered hand-in again (same replies), until the server answers.
      for (let round = 0; retry.length > 0 && round < 20; round++) {
        const failed = (await Promise.all(retry.map(async (l) => ((await handIn(l)) ? undefined : l)))).filter((l): l is Learner => !!l);
        retry.splice(0, retry.length, ...failed);
        if (retry.length > 0) await sleep(500);
      }
      // Sheets acknowledged as being graded: asked for until graded (the sweep grades what the kill left sealed).
      for (const l of cohort) {
        for (let asked = 0; l.handIns.some((t) => t.includes('"grading":true')) && asked < 60; asked++) {
          const text = await get('result', '/api/simulationTest/result', { guid: l.guid, examHistoryID: l.examHistoryID! });
          if (text && !text.includes('"grading":true')) l.handIns = l.handIns.map((t) => (t.includes('"grading":true') ? text : t));
          else await sleep(500);
        }
      }
    }
    await stopServer(server);

    // Transport failures are the kills themselves; anything else the server answered is an error.
    const answeredErrors = [...errors].filter(([k]) => !k.includes('transport'));
    console.log(`errors the server answered: ${answeredErrors.length === 0 ? 'none' : answeredErrors.map(([k, v]) => `${v} × ${k}`).join('; ')}`);
    const database2 = await openStore(store);
    let problems: string[];
    try {
      problems = await check(database2, learners, paperId);
    } finally {
      await database2.close();
    }
    for (const p of problems) console.log(`  ${p}`);
    const unfinished = learners.filter((l) => !l.examHistoryID || l.handIns.length === 0).length;
    if (unfinished > 0) problems.push(`${unfinished} learners never got a session or a hand-in answered`);
    console.log(
      `kills between seal and grade: ${sealedAtKill} sheets were sealed and not graded when the server died (${inFlightAtKill} hand-ins unanswered at the kills); every one graded after the restart: ${problems.length === 0 ? 'yes' : 'NO'}`,
    );
    if (sealedAtKill === 0) console.log('!! no kill landed between a seal and its grade: the run proves less than it should (run it again)');
    return problems.length === 0 && answeredErrors.length === 0 && sealedAtKill > 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
