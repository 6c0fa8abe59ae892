/**
 * Query parameters such as `target`, `redirect` and `fromUrl` name where to go next. They come from
 * links we do not control, so only a path inside this app is accepted: it must start with a single
 * '/', and resolving it against our origin must stay on our origin. Anything else (absolute URLs,
 * protocol-relative '//host', backslash tricks, 'javascript:' and control characters) is refused.
 *
 * Returns the normalised path (pathname + search + hash), or null when it is not a safe internal path.
 */
export function safeInternalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat '\' like '/', so '/\evil.com' would be protocol-relative; control chars are stripped.
  // eslint-disable-next-line no-control-regex -- control characters are refused on purpose
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://internal.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return url.pathname + url.search + url.hash;
}

/** Paths that only hand over to another screen; landing back on them would loop. */
const HANDOVER_PATHS = new Set(['/way', '/gateway', '/pfway', '/msdbway', '/maintain']);

/** Like safeInternalPath, and also refuses the hand-over routes themselves. */
export function safeTargetPath(value: string | null | undefined): string | null {
  const path = safeInternalPath(value);
  if (!path) return null;
  const pathname = path.split(/[?#]/)[0];
  return HANDOVER_PATHS.has(pathname) ? null : path;
}
