import type { Database } from '../../db/index.ts';
import { serverModule, type Platform } from '../../platform/module.ts';
import { messageRoutes } from './routes.ts';
import { createMessageService, type MessageDraft } from './service.ts';
import { createMessageStore, type NewMessage } from './store.ts';

export type { MessageDraft } from './service.ts';
export { eraseInboxOf } from './erase.ts';
/** For the demo seed: a message written as it is given (its time, its dedupe), and one marked read. */
export const writeMessage = (db: Database, m: NewMessage) => createMessageStore(db).insert(m);
export const markMessageRead = (db: Database, userId: number, id: number, at: Date) => createMessageStore(db).markOne(userId, id, at);

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
