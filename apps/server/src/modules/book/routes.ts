import { STUDY_PAGE, bookCalls as c } from '@kaoshi/contract';
import { handle } from '../../platform/calls.ts';
import type { BookService } from './service.ts';

/** Wrong-answer book calls of contract calls/book.ts; everything is read and written for the session's user. */
export const bookRoutes = (book: BookService) => [
  handle(c.getErrorTest, async (ctx) => {
    const i = ctx.input;
    return book.errorTest(ctx.session.userId, i.appID, {
      cptId: i.cptID,
      due: i.due ?? false,
      page: i.page ?? 1,
      pageSize: i.pageSize ?? STUDY_PAGE.errorTest,
    });
  }),
  handle(c.getCataloglist, async (ctx) => book.catalog(ctx.session.userId, ctx.input.appID, ctx.input.kind, ctx.input.page ?? 1, ctx.input.pageSize ?? STUDY_PAGE.catalog)),
  handle(c.reviewSummary, async (ctx) => book.summary(ctx.session.userId, ctx.input.appID)),
  handle(c.reviewSettings, async (ctx) => book.settings(ctx.session.userId, ctx.input.clearAfter)),
  handle(c.removeFromBook, async (ctx) => book.remove(ctx.session.userId, ctx.input.appID, ctx.input.allTestID)),
  handle(c.evaluate, async (ctx) => book.evaluate(ctx.session.userId, ctx.input.appID, ctx.input.allTestID, ctx.input.status)),
];
