import { MSG } from '@kaoshi/contract';

/** The Chinese message of a failed call (ApiError carries the server's `msg`), for inline display. */
export function errorText(err: unknown): string {
  if (err && typeof err === 'object' && 'msg' in err) {
    const msg = (err as { msg: unknown }).msg;
    if (typeof msg === 'string' && msg.trim()) return msg;
  }
  return MSG.networkError;
}
