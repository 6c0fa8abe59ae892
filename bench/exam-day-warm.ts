// The exam-day bench's warm-up (bench/exam-day.ts): before the measured evening, a small cohort of other learners
// starts the same paper, autosaves once and hands in, and its sheets are graded, as a server that has been up all
// day has answered such calls before: the measurement is of the evening, not of the first calls a fresh process
// compiles. Nothing of it is counted; the integrity check reads only the measured learners.
import { client } from './exam-day-http.ts';
import { gradingQueue } from './exam-day-queue.ts';
import { APP_ID, type Learner } from './exam-day-setup.ts';
import { sleep } from './lib.ts';

export async function warmUp(port: number, warmers: Learner[], paperId: number): Promise<string> {
  const t0 = Date.now();
  const { post, errors } = client(port, 60_000, ['start', 'autosave', 'handIn']);
  await Promise.all(
    warmers.map(async (l, k) => {
      await sleep((k * 2000) / warmers.length);
      const text = await post('start', '/api/simulationTest/start', { guid: l.guid, appID: APP_ID, paperID: paperId });
      if (!text) return;
      const data = (JSON.parse(text) as { data: { examHistoryID: number; sections: { questions: number[] }[] } }).data;
      const replies = data.sections[0]!.questions.slice(0, 15).map((q, i) => ({
        replyID: `warm-${l.i}-${i}-${q}`.padEnd(16, '0'),
        allTestID: q,
        lastUserReply: 'A',
        spendTime: 5,
      }));
      await post('autosave', '/api/answer/addSimulationReplys', { guid: l.guid, examHistoryID: data.examHistoryID, replies: JSON.stringify(replies) });
      await post('handIn', '/api/simulationTest/handIn', { guid: l.guid, examHistoryID: data.examHistoryID });
    }),
  );
  // Their sheets graded before the evening begins.
  for (let i = 0; i < 120 && (await gradingQueue(port)) !== 0; i++) await sleep(500);
  const failed = [...errors].map(([k, v]) => `${v} × ${k}`).join('; ');
  return `warm-up: ${warmers.length} other learners started the paper, autosaved and handed in, graded, in ${((Date.now() - t0) / 1000).toFixed(1)} s${failed ? ` (failures: ${failed})` : ''}; not counted below`;
}
