import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRelease, parseReleases, RELEASES } from './releases';

const file = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../content/releases.json'), 'utf8')) as { releases: unknown[] };

describe('content/releases.json (/updateLog)', () => {
  it('every entry is well formed, newest first, versions unique', () => {
    for (const r of file.releases) expect(isRelease(r), JSON.stringify(r)).toBe(true);
    expect(RELEASES).toHaveLength(file.releases.length);
    const dates = RELEASES.map((r) => r.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(new Set(RELEASES.map((r) => r.version)).size).toBe(RELEASES.length);
  });

  it('the newest entry is the running version (a version bump needs its notes)', () => {
    expect(RELEASES[0]?.version).toBe(__APP_VERSION__);
  });

  it('sorts by date, keeps the file order on a tie and leaves malformed entries out', () => {
    const list = parseReleases({
      releases: [
        { version: '1.0.0', date: '2026-01-01', title: '', notes: ['a'] },
        { version: '1.2.0', date: '2026-03-01', title: 'x', notes: ['b'] },
        { version: '1.1.1', date: '2026-02-01', title: '', notes: ['c'] },
        { version: '1.1.0', date: '2026-02-01', title: '', notes: ['d'] },
        { version: '9', date: 'soon', title: '', notes: ['bad date'] },
        { version: '8', date: '2026-04-01', title: '', notes: [''] },
      ],
    });
    expect(list.map((r) => r.version)).toEqual(['1.2.0', '1.1.1', '1.1.0', '1.0.0']);
    expect(parseReleases(null)).toEqual([]);
  });
});
