import type { z } from 'zod';

/** Call groups of spec §7: each has its own configurable base URL in the web app. */
export type CallGroup = 'general' | 'tracking' | 'payment' | 'activity' | 'video' | 'bug';
export type Method = 'GET' | 'POST';

export interface CallDef<Req extends z.ZodType = z.ZodType, Data extends z.ZodType = z.ZodType> {
  /** Stable id, e.g. 'user.userlogin'. */
  id: string;
  method: Method;
  /** Path kept verbatim from the spec. */
  path: string;
  group: CallGroup;
  /** When true the server rejects a call without a valid `guid` with body status 401. */
  needsSession: boolean;
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

export const defineCall = <Req extends z.ZodType, Data extends z.ZodType>(
  def: CallDef<Req, Data>,
): CallDef<Req, Data> => def;
