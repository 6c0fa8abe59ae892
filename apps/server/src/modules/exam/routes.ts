import { examCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { ExamService } from './service.ts';

/** Exam engine calls of contract calls/exam.ts; everything is read and written for the session's user. */
export const examRoutes = (exams: ExamService) => [
  handle(c.simulationList, async (ctx) => exams.list(ctx.session.userId, ctx.input.appID, ctx.input.kind)),
  handle(c.simulationStart, async (ctx) =>
    exams.start(
      ctx.session.userId,
      ctx.input.appID,
      { paperId: ctx.input.paperID, daily: ctx.input.daily, testMode: ctx.input.testMode, key: ctx.input.key, restart: ctx.input.restart },
      ctx.input.mode,
      exams.papers.maybe(ctx)?.value,
    ),
  ),
  handle(c.simulationBlueprint, async (ctx) => exams.blueprint(ctx.input.appID)),
  handle(c.simulationOpen, async (ctx) => exams.openList(ctx.session.userId, ctx.input.appID)),
  handle(c.simulationResume, async (ctx) => exams.resume(ctx.session.userId, ctx.input.examHistoryID)),
  handle(c.addSimulationReplys, async (ctx) => exams.saveReplies(ctx.session.userId, ctx.input.examHistoryID, ctx.input.replies)),
  handle(c.simulationLockSection, async (ctx) => exams.lockSection(ctx.session.userId, ctx.input.examHistoryID, ctx.input.sectionIndex)),
  handle(c.simulationHandIn, async (ctx) => exams.handIn(ctx.session.userId, ctx.input.examHistoryID, ctx.input.replies)),
  handle(c.simulationResult, async (ctx) => exams.result(ctx.session.userId, ctx.input.examHistoryID)),
  handle(c.simulationHistory, async (ctx) => exams.history(ctx.session.userId, ctx.input.appID, { paperId: ctx.input.paperID, testMode: ctx.input.testMode }, ctx.input.page ?? 1)),
];
