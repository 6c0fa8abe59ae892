/** Body status codes of spec §3/§8. The HTTP status is always 200; the body status carries meaning. */
export const Status = {
  OK: 200,
  /** Success with "nothing to report" (e.g. getChangeInfo when nothing changed): 2xx but not 200. */
  NO_CHANGE: 202,
  /** Success-and-logged (spec §8). */
  LOGGED: 300,
  BAD_INPUT: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  MAINTENANCE: 408,
  TOO_MANY: 429,
  SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  /** A dependency (e.g. the SMS provider) is not available. */
  UNAVAILABLE: 503,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** The one reply shape of every call: { status, msg, data }. */
export interface Reply<T> {
  status: number;
  msg: string;
  data: T;
}

export const isSuccess = (status: number): boolean => status >= 200 && status <= 299;

// replySchema (zod) is in reply-schema.ts, exported from the package index as before.
