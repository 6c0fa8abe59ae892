import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main, parseArgs } from '../../cli/import.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const env = { DATA_DIR: 'memory://', LOG_LEVEL: 'silent', INIT_CWD: FIXTURES };

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    env,
    (l: string) => out.push(l),
    (l: string) => err.push(l),
  );
  return { code, out, err };
}

describe('npm run import', () => {
  it('imports a good JSON bank, and a CSV bank with its chapters table, and prints the summary', async () => {
    const json = await run(['good/bank.json']);
    expect(json.err).toEqual([]);
    expect(json.code).toBe(0);
    expect(json.out).toEqual([expect.stringMatching(/^imported 14 questions \(14 new, 0 updated, \d+ retired\) into 1002 主管护师$/)]);

    const csv = await run(['good/bank.csv', '--app', '1002', '--chapters', 'good/chapters.csv', '--points', 'good/points.csv']);
    expect(csv.code).toBe(0);
    expect(csv.out[0]).toMatch(/^imported 14 questions \(14 new, 0 updated, \d+ retired\) into 1002 主管护师$/);
  }, 60_000);

  it('prints every problem of a bad file and exits 1', async () => {
    const r = await run(['bad/bank.json']);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([]);
    expect(r.err).toEqual([
      `${join('bad', 'bank.json')} items[0].chapter: 章节 ch9 未在 chapters 中声明`,
      `${join('bad', 'bank.json')} items[0].answer: 答案 F 不在选项中`,
      '2 problem(s); nothing was imported',
    ]);
  }, 60_000);

  it('imports the reading content given with --reading after the bank, and lists its problems without undoing the bank', async () => {
    const good = await run(['good/bank.json', '--reading', 'reading-1002']);
    expect(good.err).toEqual([]);
    expect(good.code).toBe(0);
    expect(good.out[1]).toBe('1002: reading — 1 pages, 0 points described, 1 cards, 0 daily notes, 0 hot points, 0 PDF(s)');
    const bad = await run(['good/bank.json', '--reading', 'reading-bad']);
    expect(bad.code).toBe(1);
    expect(bad.out[0]).toMatch(/^imported 14 questions/);
    expect(bad.err).toEqual([
      'reading-bad/handouts/nope.md (file name): no chapter "nope" in the bank',
      '1 reading problem(s); the bank was imported, its reading content was left as it was',
    ]);
  }, 60_000);

  it('exits 2 with the usage on a wrong command line', async () => {
    expect(parseArgs([])).toEqual({ error: 'no bank file given' });
    expect(parseArgs(['a.csv', '--app', 'x'])).toEqual({ error: '--app must be a subject number, got x' });
    expect(parseArgs(['a.csv', '--chapters'])).toEqual({ error: '--chapters needs a value' });
    expect(parseArgs(['a.csv', '--app', '1001', '--chapters', 'c.csv'])).toEqual({ files: ['a.csv'], opts: { appId: 1001, chapters: 'c.csv' } });
    const r = await run(['--bogus']);
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe('unknown option --bogus');
  });
});
