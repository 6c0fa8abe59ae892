import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Synthetic question bank for benchmarks only (never seeded): `npx tsx bench/generate-bank.ts <out.json>
 * [--count 100000] [--app 1001] [--seed 1]`. Writes an import file (docs/questions.md) with `count`
 * answerable questions over 200 chapters (20 parts with 9 chapters each) and 50 knowledge points, a deterministic
 * mix of every type: A1 35%, A2 15%, X 10%, TF 5%, FILL 5% of the items, and A3/A4/B1/CASE groups.
 * The same arguments always give the same file. Import it with `npm run import -- <out.json>`.
 */

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  count: number;
  appID: number;
  seed: number;
}

export function generateBank({ count, appID, seed }: GenerateOptions) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const KEYS = ['A', 'B', 'C', 'D', 'E'] as const;

  const chapters: { code: string; name: string; parent?: string }[] = [];
  for (let p = 1; p <= 20; p++) {
    chapters.push({ code: `p${p}`, name: `第${p}篇` });
    for (let c = 1; c <= 9; c++) chapters.push({ code: `p${p}.c${c}`, name: `第${p}篇 第${c}章`, parent: `p${p}` });
  }
  const knowledgePoints = Array.from({ length: 50 }, (_, i) => ({ code: `kp${i + 1}`, name: `考点${i + 1}` }));
  const options = (n: number, label: string) => KEYS.slice(0, n).map((key) => ({ key, text: `${label}选项${key}` }));
  const meta = (id: string) => ({
    id,
    explanation: `第${id}题的解析：【要点】见教材。`,
    points: rnd() < 0.7 ? [pick(knowledgePoints).code] : [],
    difficulty: int(1, 5),
    ...(rnd() < 0.3 ? { year: int(2015, 2025), source: '历年真题' } : {}),
  });

  const items: unknown[] = [];
  let made = 0;
  let n = 0;
  const nextId = () => `s${String(++n).padStart(7, '0')}`;
  while (made < count) {
    const left = count - made;
    const chapter = pick(chapters).code;
    const r = rnd();
    if (left >= 2 && r >= 0.7) {
      const type = r < 0.78 ? 'A3' : r < 0.86 ? 'A4' : r < 0.94 ? 'B1' : 'CASE';
      const size = Math.min(left, int(2, 4));
      const gid = `g${String(++n).padStart(7, '0')}`;
      const questions = Array.from({ length: size }, (_, k) => {
        const id = nextId();
        const many = type === 'CASE';
        const answer = many
          ? KEYS.slice(0, 5)
              .filter(() => rnd() < 0.5)
              .join('') || 'A'
          : pick(KEYS);
        return { stem: `${gid} 第${k + 1}问`, ...(type === 'B1' ? {} : { options: options(5, id) }), answer, ...meta(id) };
      });
      items.push({ type, id: gid, chapter, ...(type === 'B1' ? { options: options(5, gid) } : { stem: `病例 ${gid}：患者，${int(18, 90)}岁。` }), questions });
      made += size;
      continue;
    }
    const id = nextId();
    const s = r / 0.7;
    if (s < 0.5) items.push({ type: 'A1', chapter, stem: `单选题 ${id}`, options: options(5, id), answer: pick(KEYS), ...meta(id) });
    else if (s < 0.7) items.push({ type: 'A2', chapter, stem: `病例单选题 ${id}：患者，${int(18, 90)}岁。`, options: options(5, id), answer: pick(KEYS), ...meta(id) });
    else if (s < 0.85) items.push({ type: 'X', chapter, stem: `多选题 ${id}`, options: options(5, id), answer: ['AB', 'ACD', 'BCE', 'ABCDE'][int(0, 3)], ...meta(id) });
    else if (s < 0.93) items.push({ type: 'TF', chapter, stem: `判断题 ${id}`, answer: pick(['A', 'B']), ...meta(id) });
    else items.push({ type: 'FILL', chapter, stem: `填空题 ${id}：____`, answer: [`答案${id}`], ...meta(id) });
    made++;
  }
  return { appID, chapters, knowledgePoints, items };
}

function main(argv: string[]) {
  const opts: GenerateOptions = { count: 100_000, appID: 1001, seed: 1 };
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const num = () => {
      const v = Number(argv[++i]);
      if (!Number.isInteger(v) || v <= 0) throw new Error(`${a} needs a positive integer`);
      return v;
    };
    if (a === '--count') opts.count = num();
    else if (a === '--app') opts.appID = num();
    else if (a === '--seed') opts.seed = num();
    else if (!a.startsWith('--') && !out) out = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!out) throw new Error('usage: npx tsx bench/generate-bank.ts <out.json> [--count 100000] [--app 1001] [--seed 1]');
  const bank = generateBank(opts);
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), out);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(bank));
  console.log(`wrote ${opts.count} questions (${bank.items.length} items, ${bank.chapters.length} chapters) for subject ${opts.appID} to ${path}`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(2);
}
