import { CHAPTER_TEST_PAGE_MAX, practiceCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { PracticeService } from './service.ts';

/** Chapter practice calls of contract calls/practice.ts; everything is read and written for the session's user. */
export const practiceRoutes = (practice: PracticeService) => [
  handle(c.chapterMenuList, async (ctx) => practice.chapterMenu(ctx.session.userId, ctx.input.appID)),
  handle(c.getChapterTestEx, async (ctx) =>
    practice.chapterTest(ctx.session.userId, ctx.input.appID, ctx.input.cptID, ctx.input.page ?? 1, ctx.input.pageSize ?? CHAPTER_TEST_PAGE_MAX),
  ),
  handle(c.submitReply, async (ctx) => {
    const i = ctx.input;
    return practice.submit(ctx.session.userId, {
      appId: i.appID,
      cptId: i.cptID,
      questionId: i.allTestID,
      sbjId: i.sbjID,
      reply: i.lastUserReply,
      spendTime: i.spendTime ?? 0,
      examHistoryId: i.examHistoryID ?? 0,
      replyId: i.replyID,
    });
  }),
  handle(c.resetTestInfo, async (ctx) => practice.reset(ctx.session.userId, ctx.input.appID, ctx.input.cptID)),
];
