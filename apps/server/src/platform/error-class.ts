// What a log line may say of a failure (docs/operations.md, Logs): its class, never its message.

const NETWORK = /\b(ECONNREFUSED|ECONNRESET|ECONNABORTED|ETIMEDOUT|ESOCKETTIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_[A-Z_]+)\b/;
const CODE = /^[A-Z][A-Z0-9_]{1,39}$/;

/**
 * The class of a failure, safe to show and log: 'timeout', an error code (its own or its cause's, such
 * as ECONNREFUSED), a known network code named in the message (the adapters wrap the SDKs' errors), else the
 * error's name. Never the message itself, which may carry parameters of the request or values of a row.
 */
export function failureClass(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (typeof code === 'string' && CODE.test(code)) return code;
  }
  const message = err instanceof Error ? err.message : '';
  const network = NETWORK.exec(message)?.[1];
  if (network) return network;
  if (/\btime ?out\b|\btimed out\b/i.test(message)) return 'timeout';
  if (/\bsocket hang up\b/.test(message)) return 'ECONNRESET'; // node's words for a connection closed before its answer
  const name = err instanceof Error ? err.name : '';
  return /^[A-Za-z]{1,40}$/.test(name) ? name : 'Error';
}
