/** How a call failed: a reply with a non-success body status, a non-2xx HTTP answer, or on the client. */
export type ApiErrorKind = 'reply' | 'http' | 'timeout' | 'network' | 'cancelled';

/**
 * The rejection of every failed call. `status` is the body status for 'reply', the HTTP status for
 * 'http', and 0 for the client-side kinds. `msg` is the Chinese message (the server's, or the spec's).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly msg: string;
  readonly data: unknown;
  readonly kind: ApiErrorKind;

  constructor(status: number, msg: string, data: unknown = null, kind: ApiErrorKind = 'reply') {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.data = data;
    this.kind = kind;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A duplicate in-flight request that was cancelled ('取消重复请求'): never shown to the learner. */
export const isCancelled = (e: unknown): boolean => e instanceof ApiError && e.kind === 'cancelled';
