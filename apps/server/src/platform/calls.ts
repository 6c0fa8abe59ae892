import { fieldLabel, forbiddenCharsMsg, hasForbiddenChars, type CallDef, type DataOf, type GateTarget, type ParsedRequestOf } from '@kaoshi/contract';
import type { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AgentRow } from '../db/schema/index.ts';
import { badInput, maintenance, notLoggedIn } from './errors.ts';
import { envelopeOf, JsonBytes, sameJson } from './json-bytes.ts';
import type { ItemLoader, ItemPolicy, LoadedItem } from './items.ts';
import type { Session, SessionService } from './session/service.ts';
import { tenantHint, type TenantHint } from './tenancy.ts';

/** Query parameters every call carries (spec §7); accepted and dropped before validation. */
export const COMMON_PARAMS = ['client', 'terminalType', 'clientver', 'v', '_u'] as const;

/** The session a handler of `C` gets: never null for a call that needs one (the registrar answered 401 without it). */
export type SessionOf<C extends CallDef> = C extends { needsSession: true } ? Session : Session | null;

/** What a handler gets: the validated input, the session (typed non-null when the call needs one) and the client. */
export interface CallContext<C extends CallDef> {
  call: C;
  input: ParsedRequestOf<C>;
  /** The caller's session: always set for a needsSession call; otherwise set when a valid guid was sent. */
  session: SessionOf<C>;
  ip: string;
  userAgent: string;
  /** The tenant of this request (explicit agentCode/ac, else Host subdomain, else 888); 404 when unknown. */
  tenant(): Promise<AgentRow>;
  request: FastifyRequest;
  /** The item a call's contract gate names (`gate.item`), loaded and allowed by the registrar; read it with its loader's `of(ctx)`. */
  item?: LoadedItem<unknown>;
}

/** Request bodies: tracking and error reports are small; a call may declare its own (`maxBodyBytes`). */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
export const TRACKING_BODY_LIMIT = 48 * 1024;
export const bodyLimitOf = (call: CallDef): number => call.maxBodyBytes ?? (call.group === 'tracking' || call.group === 'bug' ? TRACKING_BODY_LIMIT : DEFAULT_BODY_LIMIT);

/** A reply other than plain success (e.g. getChangeInfo's 202 '无变更'). */
export class CallResult<D> {
  constructor(
    readonly status: number,
    readonly msg: string,
    readonly data: D,
  ) {}
}

/** What a handler answers: its data (status 200), a CallResult, or data already made into JSON (json-bytes.ts). */
export type HandlerOutput<C extends CallDef> = DataOf<C> | CallResult<DataOf<C>> | JsonBytes<DataOf<C>>;

export interface CallHandler {
  call: CallDef;
  run(ctx: CallContext<CallDef>): Promise<unknown>;
}

/** Bind a handler to a contract call; the input and the data it returns are typed by the contract. */
export const handle = <C extends CallDef>(call: C, run: (ctx: CallContext<C>) => Promise<HandlerOutput<C>>): CallHandler => ({
  call,
  run: run as CallHandler['run'],
});

/** The one entitlement gate (modules/entitlement): throws 404 `unknown` for a subject not on sale, 403 {unlocking} when denied. */
export type Gate = (userId: number | null, appId: number, target: GateTarget, unknown?: string) => Promise<void>;

/** The module a call's gate asks of this input, or null (none, or the call's gate is an item's). */
export function gateTarget(call: CallDef, input: unknown): GateTarget | null {
  const gate = call.gate;
  if (!gate?.module) return null;
  return typeof gate.module === 'string' ? { module: gate.module, free: gate.free, anyOf: gate.anyOf } : gate.module(input);
}

export interface RegistrarOptions {
  sessions: SessionService;
  /** The entitlement gate of calls that declare one (contract `gate`). */
  gate: Gate;
  /** The entitlement policy of items (contract `gate.item`), and each item kind's loader (from the module owning it). */
  itemPolicy: ItemPolicy;
  items: readonly ItemLoader[];
  resolveTenant(hint: TenantHint): Promise<AgentRow>;
  maintenance: boolean;
  /** Check every reply's data against the contract (development and test). */
  checkReplies: boolean;
}

/** Input of a call: the query for GET; the form or JSON body merged over the query for POST; common params and blanks dropped. */
function rawInput(request: FastifyRequest, method: string): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = method === 'POST' && request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
  const merged: Record<string, unknown> = { ...query, ...(body as Record<string, unknown>) };
  // Copied without the common parameters and blank fields rather than deleted from the copy (a deletion turns the
  // object into a slow dictionary for the validation after it). A blank field is a missing field: optional ones fall
  // back to their default, required ones say '请填写…'. '__proto__' is no field of any call (an assignment would set
  // the object's prototype).
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(merged)) {
    const value = merged[key];
    if (COMMON.has(key) || key === '__proto__' || (typeof value === 'string' && value.trim() === '')) continue;
    input[key] = value;
  }
  return input;
}
const COMMON = new Set<string>(COMMON_PARAMS);

/** Whether a value (a string, or the strings and keys of a JSON body down to a few levels) holds a forbidden character. */
function holdsForbidden(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return hasForbiddenChars(value);
  if (depth >= 4 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => hasForbiddenChars(k) || holdsForbidden(v, depth + 1));
}

/** The label a field's own messages name ('请填写笔记', '笔记格式不正确'), for fields not made by a labelled builder. */
function labelFromMessage(field: z.ZodType): string | undefined {
  const result = field.safeParse({}); // an object is no field's value: the field says what it wanted
  const msg = result.success ? '' : (result.error.issues[0]?.message ?? '');
  return /^(?:请填写|请输入正确的)(.+)$/.exec(msg)?.[1] ?? /^(.+?)(?:格式)?不正确$/.exec(msg)?.[1];
}

/**
 * The message for the first input field holding a control character or a lone surrogate, naming it in Chinese
 * ('备注包含不允许的字符'); null when the input is clean. Asked before any call is validated, so no such character
 * reaches a handler, the database or the log (the contract's text fields refuse them too).
 */
export function forbiddenInput(call: Pick<CallDef, 'request'>, input: Record<string, unknown>): string | null {
  const shape = ((call.request as { shape?: unknown }).shape ?? {}) as Record<string, z.ZodType>;
  for (const [key, value] of Object.entries(input)) {
    if (!hasForbiddenChars(key) && !holdsForbidden(value)) continue;
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    return forbiddenCharsMsg(field ? (fieldLabel(field) ?? labelFromMessage(field) ?? `参数${key}`) : '请求参数');
  }
  return null;
}

/**
 * A success whose data is already JSON (JsonBytes): the envelope is written around the bytes, as one buffer, with
 * the headers of every call's reply. Development and test check the data against the contract and the bytes
 * against the data.
 */
function sendBytes(call: CallDef, out: JsonBytes, reply: FastifyReply, check: boolean): Buffer {
  if (check) {
    const checked = call.data.nullable().safeParse(out.value());
    if (!checked.success) throw new Error(`Reply data of ${call.id} does not match the contract: ${checked.error.message}`);
    if (!sameJson(out)) throw new Error(`Reply bytes of ${call.id} do not say its data`);
  }
  reply.header('cache-control', 'no-store').type(JSON_TYPE);
  return envelopeOf(out);
}
const JSON_TYPE = 'application/json; charset=utf-8';

function guidOf(request: FastifyRequest, input: Record<string, unknown>): string | undefined {
  if (typeof input.guid === 'string' && input.guid.trim()) return input.guid.trim();
  const header = request.headers['x-guid'];
  return typeof header === 'string' && header.trim() ? header.trim() : undefined;
}

/**
 * Register one route per contract call. Session enforcement (body status 401), input validation (400 through
 * the error handler), the entitlement gate and item policy (404/403) and the { status, msg, data } envelope live
 * here and nowhere else.
 */
export function registerCalls(app: FastifyInstance, calls: readonly CallDef[], handlers: readonly CallHandler[], opts: RegistrarOptions) {
  const byId = new Map(handlers.map((h) => [h.call.id, h]));
  for (const h of handlers) {
    if (!calls.some((c) => c.id === h.call.id)) throw new Error(`Handler for ${h.call.id} has no call in the contract`);
  }
  const loaders = new Map(opts.items.map((l) => [l.kind, l]));
  for (const c of calls) {
    const shape = (c.request as { shape?: object }).shape ?? {};
    if (c.gate?.module && !Object.hasOwn(shape, 'appID')) throw new Error(`Call ${c.id} has a gate but no appID field`);
    const item = c.gate?.item;
    if (item && !Object.hasOwn(shape, item.field)) throw new Error(`Call ${c.id} gates an item by ${item.field}, which is not a request field`);
    if (item && !loaders.has(item.kind)) throw new Error(`Call ${c.id} gates an item of kind ${item.kind}, which no module loads`);
  }
  const missing = calls.filter((c) => !byId.has(c.id)).map((c) => c.id);
  if (missing.length) app.log.warn(`No handler for contract calls: ${missing.join(', ')}; they answer 404`);

  for (const call of calls) {
    const handler = byId.get(call.id);
    app.route({
      method: call.method,
      url: call.path,
      bodyLimit: bodyLimitOf(call),
      config: { callId: call.id },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (opts.maintenance) throw maintenance();
        if (!handler) return { status: 404, msg: '接口暂未开放', data: null };

        const raw = rawInput(request, call.method);
        const guid = guidOf(request, raw);
        if (guid && raw.guid === undefined) raw.guid = guid;
        const session = guid ? await opts.sessions.resolve(guid) : null;
        if (call.needsSession && !session) throw guid ? await opts.sessions.ended(guid) : notLoggedIn();

        const forbidden = forbiddenInput(call, raw);
        if (forbidden) throw badInput(forbidden);
        const input = call.request.parse(raw);
        const target = gateTarget(call, input);
        if (target) await opts.gate(session?.userId ?? null, (input as { appID: number }).appID, target, call.gate?.unknown);
        const ref = call.gate?.item;
        let item: LoadedItem<unknown> | undefined;
        if (ref) {
          const fields = input as Record<string, unknown>;
          const id = fields[ref.field];
          const loaded = await loaders.get(ref.kind)!.load(typeof id === 'number' ? id : undefined, fields, session?.userId ?? null);
          if (loaded) item = { kind: ref.kind, value: loaded.value, access: await opts.itemPolicy(session?.userId ?? null, loaded.facts, call.gate?.unknown) };
        }
        let tenant: Promise<AgentRow> | undefined;
        const ctx: CallContext<CallDef> = {
          call,
          input,
          session: session as SessionOf<CallDef>,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
          tenant: () => (tenant ??= opts.resolveTenant(tenantHint({ ...raw, ...(input as object) }, request.hostname))),
          request,
          item,
        };
        const out = await handler.run(ctx);
        if (out instanceof JsonBytes) return sendBytes(call, out, reply, opts.checkReplies);
        const result = out instanceof CallResult ? out : new CallResult(200, '', out ?? null);
        if (opts.checkReplies) {
          const checked = call.data.nullable().safeParse(result.data);
          if (!checked.success) throw new Error(`Reply data of ${call.id} does not match the contract: ${checked.error.message}`);
        }
        reply.header('cache-control', 'no-store');
        return { status: result.status, msg: result.msg, data: result.data };
      },
    });
  }
}
