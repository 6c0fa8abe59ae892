import { serverModule, type Platform } from '../../platform/module.ts';
import { createFeedbackOperator } from './operator.ts';
import { feedbackRoutes } from './routes.ts';
import { createFeedbackService, type FeedbackUploads } from './service.ts';
import { createFeedbackStore } from './store.ts';

export { createFeedbackOperator, type AnswerOutcome, type FeedbackOperator } from './operator.ts';
export type { FeedbackUploads } from './service.ts';
export { eraseFeedbackOf } from './erase.ts';

/**
 * Product feedback (docs/help-feedback.md): /adviceFeedback, /feedback and /feedbackAnswer's calls. Operators answer
 * with `npm run feedback` (cli/feedback.ts, through createFeedbackOperator); the learner gets a message.
 */
export function createFeedbackModule(p: Platform, deps: { uploads: FeedbackUploads }) {
  const feedback = createFeedbackService({ store: createFeedbackStore(p.db), limiter: p.limiter, clock: p.clock, uploads: deps.uploads });
  return serverModule({
    name: 'feedback',
    handlers: feedbackRoutes(feedback),
    install(app) {
      // Test-only hook (NODE_ENV=test, the browser journeys run on an in-memory database the command cannot open):
      // the operator answers a feedback, as `npm run feedback -- answer <id> "<text>"` does.
      if (p.config.NODE_ENV !== 'test') return;
      const operator = createFeedbackOperator(p.db, p.clock);
      app.post('/__test__/feedback-answer', async (request) => {
        const body = (request.body ?? {}) as { id?: unknown; text?: unknown };
        const outcome = await operator.answer(Number(body.id), String(body.text ?? ''), 'test');
        return 'refused' in outcome ? { status: 404, msg: outcome.refused, data: null } : { status: 200, msg: '', data: { id: outcome.answered.id } };
      });
    },
  });
}
