import type { z } from 'zod';

/** Call groups of spec §7: each has its own configurable base URL in the web app. */
export type CallGroup = 'general' | 'tracking' | 'payment' | 'activity' | 'video' | 'bug';
export type Method = 'GET' | 'POST';

/** What a learner must hold to make a call (docs/entitlement.md): a module, or a free item of one (open to all). */
export interface GateTarget {
  module: string;
  /** The item is free: open to every learner of a subject on sale, whatever they hold. */
  free?: boolean;
  /** The item lies in this chapter (cptID): a module's trial rule opens only some chapters to learners without a version. */
  chapter?: number;
  /** Other modules that open it as well (the exam centre's papers: any module naming one); the buy prompt names `module`'s versions. */
  anyOf?: readonly string[];
}

/** A parameter type checked bivariantly, so a call's gate of its own input fits the registrar's CallDef. */
type Bivariant<I, R> = { gate(input: I): R }['gate'];

/**
 * The kinds of item a call may name by id (docs/entitlement.md, "Item policies"). Each is loaded by the server
 * module that owns it, which tells the entitlement policy the item's subject, module, chapter and free/preview flags.
 */
export const ITEM_KINDS = [
  'readingItem',
  'pocketPage',
  'knowledgePoint',
  'shorthandPoint',
  'shorthandCard',
  'videoLesson',
  'videoCourse',
  'paper',
  'question',
  'discussionTarget',
  'discussionPost',
  'liveCourse',
  'liveSession',
  'liveRoom',
  'liveBooking',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/** The item a call works on: its kind and the request field holding its id. */
export interface ItemRef {
  kind: ItemKind;
  field: string;
}

/**
 * The entitlement gate of a call, enforced once by the server's registrar before the handler runs.
 * - `module`: the learner (or guest) must hold `module` of the subject `appID` of the input. A function decides
 *   per input; null means this input needs no module.
 * - `item`: the call works on one item named by id: the registrar loads it through its module (404 when unknown),
 *   asks the entitlement policy for it (its chapter, free and preview rules) and hands it to the handler.
 * Both may be set (the module first). Unknown subject → body status 404 `unknown`; denied → 403
 * '开通以下任一班次可使用该功能' {unlocking}.
 */
export interface CallGate<I = unknown> {
  module?: string | Bivariant<I, GateTarget | null>;
  /** With a module id: the call's items are free (open to every learner of a subject on sale). */
  free?: boolean;
  /** With a module id: other modules that open the call as well (the buy prompt names `module`'s versions). */
  anyOf?: readonly string[];
  item?: ItemRef;
  /** The 404 message when the subject is not on sale; default '科目不存在'. */
  unknown?: string;
}

export interface CallDef<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  /** Stable id, e.g. 'user.userlogin'. */
  id: string;
  method: Method;
  /** Path kept verbatim from the spec. */
  path: string;
  group: CallGroup;
  /** When true the server rejects a call without a valid `guid` with body status 401. */
  needsSession: boolean;
  /** The entitlement gate (server only: the web bundle's copies leave it out). A module gate needs `appID` in the request. */
  gate?: CallGate<z.output<Req>>;
  /** Request parameters (query string for GET, form body for POST). Values arrive as strings. */
  request: Req;
  /** Schema of `data` in a successful reply. */
  data: Data;
  /** Per-call client timeout (ms); default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Largest request body the server accepts (bytes); default by group (server: platform/calls.ts). */
  maxBodyBytes?: number;
  /** Identical in-flight requests are allowed (not cancelled as duplicates). */
  allowedRepeat?: boolean;
  /** One line saying what the call does. */
  summary: string;
  /**
   * Top-level keys of `request`. Not written in calls/*.ts (read them with `requestFields(def)`, which
   * derives them from the schema); set on the schema-free copies of the definitions that the web bundle
   * gets instead (apps/web/build/contract-meta-plugin.ts), which have no `request` at run time.
   */
  fields?: readonly string[];
}

export type RequestOf<C extends CallDef> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallDef> = z.output<C['request']>;
export type DataOf<C extends CallDef> = z.output<C['data']>;

/** The request's top-level parameter names: `def.fields` when set, else the keys of the request object schema. */
export function requestFields(def: Pick<CallDef, 'request' | 'fields'>): readonly string[] {
  if (def.fields) return def.fields;
  const shape = (def.request as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/**
 * A call definition; `needsSession` keeps its literal type, so a handler of a session call gets a non-null session,
 * and `id` keeps its literal type, so a call can be found by its id in types (the web tests' fake API keys its
 * handlers by id: apps/web/src/test/fake-api.ts).
 */
export const defineCall = <Id extends string, Req extends z.ZodType, Data extends z.ZodType, S extends boolean>(
  def: CallDef<Req, Data> & { id: Id; needsSession: S },
): CallDef<Req, Data> & { id: Id; needsSession: S } => def;
