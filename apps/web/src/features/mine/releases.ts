import file from '../../../../../content/releases.json';

/**
 * The release notes of /updateLog: content/releases.json, a file versioned with the app (docs/navigation.md). Entries
 * are shown newest first by date (the file's order breaks a tie); a malformed entry is left out rather than shown
 * half. releases.test.ts checks the file: every entry well formed, and the newest one the app's version.
 */
export interface Release {
  version: string;
  /** YYYY-MM-DD (China date of the release). */
  date: string;
  title: string;
  notes: string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isRelease(v: unknown): v is Release {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.version === 'string' &&
    r.version !== '' &&
    typeof r.date === 'string' &&
    DAY.test(r.date) &&
    typeof r.title === 'string' &&
    Array.isArray(r.notes) &&
    r.notes.every((n) => typeof n === 'string' && n.trim() !== '')
  );
}

/** The well-formed entries of a releases file, newest first. */
export function parseReleases(data: unknown): Release[] {
  const list = typeof data === 'object' && data !== null ? (data as { releases?: unknown }).releases : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .map((r, i) => ({ r, i }))
    .filter((x): x is { r: Release; i: number } => isRelease(x.r))
    .sort((a, b) => (a.r.date === b.r.date ? a.i - b.i : a.r.date < b.r.date ? 1 : -1))
    .map((x) => x.r);
}

export const RELEASES: Release[] = parseReleases(file);
