import { isDeepStrictEqual } from 'node:util';

/**
 * A call's data whose JSON is already made, in whole or in part (docs/server.md, "Hot replies"): a hot call keeps
 * the shared part of its reply as UTF-8 bytes beside the cached value (moduleInfoX's module grid) and splices
 * them into each reply, so the shared part is neither serialized nor transcoded per request. `value` is the data
 * itself: what development and test check against the contract, and against the bytes (sameJson).
 */
export class JsonBytes<D = unknown> {
  constructor(
    readonly value: D,
    /** The data's JSON, as UTF-8 chunks in order. */
    readonly chunks: readonly Buffer[],
  ) {}
}

/** The UTF-8 bytes of a value's JSON: made once, kept with a cached value, spliced by withJsonField. */
export const jsonBytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * `{...head, [key]: value}` as JsonBytes, where `json` is `value`'s JSON (jsonBytes, made once): only the small
 * head is serialized per call. The field comes last, as it would in the object; head must not hold `key`.
 */
export function withJsonField<H extends object, K extends string, V>(head: H, key: K, value: V, json: Buffer): JsonBytes<H & Record<K, V>> {
  const text = JSON.stringify(head);
  const open = text.length > 2 ? `${text.slice(0, -1)},${JSON.stringify(key)}:` : `{${JSON.stringify(key)}:`;
  return new JsonBytes({ ...head, [key]: value } as H & Record<K, V>, [Buffer.from(open), json, CLOSE]);
}

const CLOSE = Buffer.from('}');
const ENVELOPE_OPEN = Buffer.from('{"status":200,"msg":"","data":');

/** The `{ status: 200, msg: '', data }` envelope around already made data: one buffer, copied once. */
export const envelopeOf = (data: JsonBytes): Buffer => Buffer.concat([ENVELOPE_OPEN, ...data.chunks, CLOSE]);

/** Whether the bytes say exactly the value (parsed, compared with the value's own JSON). For development and test. */
export const sameJson = (data: JsonBytes): boolean => isDeepStrictEqual(JSON.parse(Buffer.concat(data.chunks).toString('utf8')), JSON.parse(JSON.stringify(data.value)));
