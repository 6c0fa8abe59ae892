import { knowledgeCalls as k, readingCalls as c } from '@kaoshi/contract';
import type { FastifyInstance } from 'fastify';
import { handle } from '../../platform/calls.ts';
import type { Clock } from '../../platform/clock.ts';
import { mediaGrant, type PlayTokens } from '../../platform/media-tokens.ts';
import type { ReadingItems } from './items.ts';
import type { KnowledgeService } from './knowledge.ts';
import type { ReadingService } from './service.ts';
import type { ShorthandService } from './shorthand.ts';

type Exists = (appId: number, target: string, id: number) => Promise<boolean>;

/**
 * The calls of calls/reading.ts and calls/reading-knowledge.ts; everything is read and written for the session's learner.
 * An item a call names by id comes loaded and opened by the registrar's item policy (`items.<kind>.of(ctx)`).
 */
export const readingRoutes = (r: ReadingService, kn: KnowledgeService, cards: ShorthandService, exists: Exists, items: ReadingItems) => [
  handle(c.readingCatalog, async ({ session, input }) => r.catalog(session.userId, input.appID, input.kind)),
  handle(c.readingContent, async (ctx) => r.content(ctx.session.userId, ctx.input.appID, items.readingItem.of(ctx).value)),
  handle(c.pocketMenu, async ({ session, input }) => r.catalog(session.userId, input.appID, 'pocket')),
  handle(c.pocketContent, async (ctx) => r.content(ctx.session.userId, ctx.input.appID, items.pocketPage.of(ctx).value)),
  handle(c.savePosition, async ({ session, input }) => r.savePosition(session.userId, input.appID, input.id, input)),
  handle(c.saveMark, async ({ session, input }) => r.saveMark(session.userId, input.appID, input.id, input)),
  handle(c.deleteMark, async ({ session, input }) => r.deleteMark(session.userId, input.clientId)),
  handle(c.readingFeedback, async ({ session, input }) => r.feedback(session.userId, input.appID, input, exists)),
  handle(k.pointsList, async ({ session, input }) => kn.list(session.userId, input.appID, input.cptID)),
  handle(k.pointDetail, async (ctx) => kn.detail(ctx.session.userId, ctx.input.appID, items.knowledgePoint.of(ctx).value)),
  handle(k.hotspotList, async ({ session, input }) => kn.hotspots(session.userId, input.appID)),
  handle(k.shorthandDecks, async ({ session, input }) => cards.decks(session.userId, input.appID)),
  handle(k.shorthandSession, async ({ session, input }) => cards.session(session.userId, input.appID, input)),
  handle(k.shorthandCards, async (ctx) => cards.pointCards(ctx.session.userId, ctx.input.appID, items.shorthandPoint.of(ctx).value)),
  handle(k.shorthandGrade, async (ctx) => {
    const { session, input } = ctx;
    return cards.grade(session.userId, input.appID, items.shorthandCard.of(ctx).value, input.grade, input.reviewID, input.at);
  }),
  handle(k.dailyNotes, async ({ input }) => kn.dailyNotes(input.appID, input.page ?? 1)),
];

/** A PDF handout by its signed link (content call → pdfUrl): the link is the learner's and the item's, and expires. */
export function installPdfRoute(app: FastifyInstance, r: ReadingService, tokens: () => PlayTokens, clock: Clock) {
  app.get('/media/r/:itemId/:token/handout.pdf', async (request, reply) => {
    const { itemId, token } = request.params as { itemId: string; token: string };
    const grant = mediaGrant(request, reply, tokens(), itemId, token, clock(), 'reading pdf');
    if (!grant) return reply;
    const pdf = await r.pdf(grant.lessonId);
    if (!pdf) return reply.code(404).type('text/plain').send('not found');
    return reply.header('cache-control', 'private, max-age=3600').header('etag', `"${pdf.sha256}"`).type('application/pdf').send(pdf.bytes);
  });
}
