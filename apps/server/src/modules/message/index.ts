import { serverModule, type Platform } from '../../platform/module.ts';
import { messageRoutes } from './routes.ts';
import { createMessageService, type MessageDraft } from './service.ts';
import { createMessageStore } from './store.ts';

export type { MessageDraft } from './service.ts';
export { eraseInboxOf } from './erase.ts';
export { createMessageStore } from './store.ts';

/** Writes one message to a learner's inbox; null when its `dedupe` was written before (docs/messages.md). */
export type PostMessage = (userId: number, m: MessageDraft) => Promise<number | null>;

/**
 * The learner's messages (docs/messages.md): /myMessage's calls, and `postMessage`, the one function other modules
 * write a message with.
 */
export function createMessageModule(p: Platform) {
  const messages = createMessageService({ store: createMessageStore(p.db), clock: p.clock });
  const postMessage: PostMessage = (userId, m) => messages.post(userId, m);
  return serverModule({ name: 'message', handlers: messageRoutes(messages), postMessage });
}

/** `postMessage` over a database outside the server (operator commands such as the refund). */
export function messagePoster(db: Platform['db'], clock: Platform['clock']): PostMessage {
  const messages = createMessageService({ store: createMessageStore(db), clock });
  return (userId, m) => messages.post(userId, m);
}
