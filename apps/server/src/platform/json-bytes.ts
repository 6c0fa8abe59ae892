import { isDeepStrictEqual } from 'node:util';

/**
 * A call's data whose JSON is already made, in whole or in part (docs/server.md, "Hot replies"): a hot call keeps
 * the shared part of its reply as UTF-8 bytes beside the cached value (moduleInfoX's module grid) and fills in only
 * what differs per call, so the shared part is neither serialized nor transcoded per request. `value()` is the data
 * itself, built only when development and test check it against the contract and against the bytes (sameJson).
 */
export class JsonBytes<D = unknown> {
  constructor(
    readonly value: () => D,
    /** The data's JSON, as UTF-8 chunks in order. */
    readonly chunks: readonly Buffer[],
  ) {}
}

/**
 * An object's JSON made once with one field left open: `{...before, [hole]: …, ...after}` as the bytes before the
 * hole's value and the bytes after it. `fill` completes it per call.
 */
export interface JsonWithHole<B extends object, K extends string, A extends object> {
  before: B;
  hole: K;
  after: A;
  open: Buffer;
  close: Buffer;
}

/** Makes the bytes of `{...before, [hole]: …, ...after}` around the hole (the keys of `before`, `hole` and `after` differ). */
export function jsonWithHole<B extends object, K extends string, A extends object>(before: B, hole: K, after: A): JsonWithHole<B, K, A> {
  const head = JSON.stringify(before);
  const tail = JSON.stringify(after);
  const open = `${head === '{}' ? '{' : `${head.slice(0, -1)},`}${JSON.stringify(hole)}:`;
  const close = tail === '{}' ? '}' : `,${tail.slice(1)}`;
  return { before, hole, after, open: Buffer.from(open), close: Buffer.from(close) };
}

const NULL = Buffer.from('null');

/** The UTF-8 bytes of a value's JSON. */
export const jsonBytes = (value: unknown): Buffer => (value === null ? NULL : Buffer.from(JSON.stringify(value)));

/**
 * The object with the hole filled by `value`: only `value` is serialized, unless its bytes are given (`json`, made
 * once with jsonBytes and kept beside it).
 */
export function fill<B extends object, K extends string, A extends object, V>(made: JsonWithHole<B, K, A>, value: V, json = jsonBytes(value)): JsonBytes<B & Record<K, V> & A> {
  return new JsonBytes(() => ({ ...made.before, [made.hole]: value, ...made.after }) as B & Record<K, V> & A, [made.open, json, made.close]);
}

const CLOSE = Buffer.from('}');
const ENVELOPE_OPEN = Buffer.from('{"status":200,"msg":"","data":');

/** The `{ status: 200, msg: '', data }` envelope around already made data: one buffer, copied once. */
export const envelopeOf = (data: JsonBytes): Buffer => Buffer.concat([ENVELOPE_OPEN, ...data.chunks, CLOSE]);

/** Whether the bytes say exactly the value (parsed, compared with the value's own JSON). For development and test. */
export const sameJson = (data: JsonBytes): boolean => isDeepStrictEqual(JSON.parse(Buffer.concat(data.chunks).toString('utf8')), JSON.parse(JSON.stringify(data.value())));
