import { STUDY_PAGE, studyCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import { POINTS_PRACTICE_COUNT, type StudyService } from './service.ts';

/**
 * The study calls of contract calls/study.ts built here (favourites, notes, recite point, lists, search,
 * statistics, reports); the wrong-answer book's calls live in modules/book. Everything is for the session's user.
 */
export const studyRoutes = (study: StudyService) => [
  handle(c.updateRecitePoint, async (ctx) => study.updateRecitePoint(ctx.session.userId, ctx.input.appID, ctx.input.cptID, ctx.input.allTestID)),
  handle(c.addUserNote, async (ctx) => study.saveNote(ctx.session.userId, ctx.input.appID, ctx.input.allTestID, ctx.input.noteContent)),
  handle(c.addUserFav, async (ctx) => study.setFavourite(ctx.session.userId, ctx.input.appID, ctx.input.allTestID, true)),
  handle(c.deleteUserFav, async (ctx) => study.setFavourite(ctx.session.userId, ctx.input.appID, ctx.input.allTestID, false)),
  handle(c.chapterlist, async (ctx) => {
    const i = ctx.input;
    return study.chapterlist(ctx.session.userId, i.appID, i.kind, {
      cptId: i.cptID,
      keyword: i.keyword || undefined,
      page: i.page ?? 1,
      pageSize: i.pageSize ?? STUDY_PAGE.chapterList,
    });
  }),
  handle(c.searchTest, async (ctx) => study.search(ctx.session.userId, ctx.input.appID, ctx.input.keyword, ctx.input.page ?? 1, ctx.input.pageSize ?? STUDY_PAGE.search)),
  // The question comes loaded by practice's loader, its chapter opened by the registrar (contract `gate.item`).
  handle(c.cptcontent, async (ctx) => study.cptcontent(ctx.session.userId, ctx.input.appID, study.questions.of(ctx).value)),
  handle(c.bookLLzs, async (ctx) => study.subjectStats(ctx.session.userId, ctx.input.appID)),
  handle(c.pointsMastery, async (ctx) => study.pointsMastery(ctx.session.userId, ctx.input.appID)),
  handle(c.pointsPractice, async (ctx) => study.pointsPractice(ctx.session.userId, ctx.input.appID, ctx.input.point || undefined, ctx.input.count ?? POINTS_PRACTICE_COUNT)),
  handle(c.commonQuestions, async (ctx) =>
    study.commonQuestions(ctx.session.userId, ctx.input.appID, ctx.input.cptID, ctx.input.page ?? 1, ctx.input.pageSize ?? STUDY_PAGE.commonQuestions),
  ),
  handle(c.addQuestionReport, async (ctx) => study.addReport(ctx.session.userId, ctx.input.appID, ctx.input.allTestID, ctx.input.kinds, ctx.input.content || undefined)),
  handle(c.listQuestionReports, async (ctx) => study.listReports(ctx.session.userId, ctx.input.appID, ctx.input.page ?? 1)),
];
