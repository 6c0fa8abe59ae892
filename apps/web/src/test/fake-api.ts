import type { Mock } from 'vitest';
import { allCalls, type CallDef, type DataOf } from '@kaoshi/contract';
import type { CallOptions, ParamsOf } from '../api/client';

/**
 * The fake API of the web tests (docs/web-shell.md "Tests"): the mocked `call` of api/client answers through
 * handlers keyed by the contract's call ids, each typed by its call (the request's parameters in, the reply's
 * `data` out). What the contract does not allow fails the test, with a message naming the call:
 * - a call the test gave no handler for, the shell's calls too (a screen test spreads `shellHandlers()` of
 *   test/shell-handlers.ts into its handlers), except the fire-and-forget tracking and bug reports, whose replies
 *   the app never reads (they answer null);
 * - a handler's answer that fails the call's reply schema (`def.data`, nullable as the server checks it).
 * A handler may throw an ApiError (`fail` in test/screens.tsx) to answer with an error status.
 */

type AnyCall = (typeof allCalls)[number];
/** The id of every call of the contract ('user.userlogin' …). */
export type CallId = AnyCall['id'];
export type CallOf<I extends CallId> = Extract<AnyCall, { id: I }>;
export type Handler<I extends CallId> = (params: ParamsOf<CallOf<I>>, opts: CallOptions | undefined) => DataOf<CallOf<I>> | null | Promise<DataOf<CallOf<I>> | null>;
/** The `data` of a successful reply of a call: what fixtures build. */
export type ReplyData<I extends CallId> = DataOf<CallOf<I>>;
export type Handlers = { [I in CallId]?: Handler<I> };

const byId = new Map<string, CallDef>(allCalls.map((def) => [def.id, def]));

/** Call groups answered with null when a test gives no handler: fire-and-forget reports whose replies are never read. */
const FIRE_AND_FORGET = new Set(['tracking', 'bug']);

/** What went against the contract since the last `takeFakeApiProblems` (test/setup.ts fails the test with them). */
let problems: string[] = [];

export function takeFakeApiProblems(): string[] {
  const taken = problems;
  problems = [];
  return taken;
}

class ContractViolation extends Error {
  override name = 'ContractViolation';
}

function violation(message: string): ContractViolation {
  problems.push(message);
  return new ContractViolation(message);
}

/** Checks an answer against the call's reply schema (as the server's checkReplies does). */
export function checkReply(def: CallDef, data: unknown): string | null {
  const checked = def.data.nullable().safeParse(data);
  if (checked.success) return null;
  const issues = checked.error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`)
    .join('; ');
  return `fake API: the answer to '${def.id}' (${def.path}) does not match the contract's reply schema: ${issues}`;
}

async function answer(def: CallDef, handlers: Handlers, params: unknown, opts: CallOptions | undefined): Promise<unknown> {
  const handler = handlers[def.id as CallId] as ((p: unknown, o: CallOptions | undefined) => unknown) | undefined;
  if (!handler) {
    if (FIRE_AND_FORGET.has(def.group)) return null;
    if (!byId.has(def.id)) throw violation(`fake API: '${def.id}' (${def.path}) is not a call of the contract`);
    throw violation(`fake API: no handler for the call '${def.id}' (${def.path}); give one to fakeApi in this test`);
  }
  const data = await handler(params, opts);
  const wrong = checkReply(byId.get(def.id) ?? def, data);
  if (wrong) throw violation(wrong);
  return data;
}

/** Points the mocked `call` at the handlers (replacing earlier ones). */
export function fakeApi(callMock: Mock, handlers: Handlers): void {
  callMock.mockImplementation((def: CallDef, params: unknown, opts?: CallOptions) => answer(def, handlers, params, opts));
}

/** The parameters of every call made with the given id. */
export function callsTo(callMock: Mock, id: CallId): Record<string, unknown>[] {
  return callMock.mock.calls.filter(([def]) => (def as CallDef).id === id).map(([, params]) => params as Record<string, unknown>);
}

/** The options (third argument) of the first call with the given id. */
export function optionsOf(callMock: Mock, id: CallId): unknown {
  return callMock.mock.calls.find(([def]) => (def as CallDef).id === id)?.[2];
}
