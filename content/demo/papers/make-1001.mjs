// Writes the demo papers of subject 1001 (护士执业资格) from its bank: `node content/demo/papers/make-1001.mjs`.
// Deterministic; the JSON it writes is committed (the seed reads the JSON, never runs this). docs/papers.md.
import { readFileSync, writeFileSync } from 'node:fs';

const here = new URL('./1001/', import.meta.url);
const bankDir = new URL('../questions/1001/', import.meta.url);
const files = ['part-a.json', 'part-b.json'].map((f) => JSON.parse(readFileSync(new URL(f, bankDir), 'utf8')));
const chapterOrder = files[0].chapters.map((c) => c.code);
const items = files.flatMap((f) => f.items);

/** Single items of a type, by chapter order then file order. */
const singles = (type) => items.filter((i) => i.type === type).sort((a, b) => chapterOrder.indexOf(a.chapter) - chapterOrder.indexOf(b.chapter));
const group = (id) => items.find((i) => i.id === id).questions.map((q) => q.id);

/** Deals a type's items alternately into two disjoint halves (chapter by chapter), so both cover every chapter. */
const halves = (type) => {
  const list = singles(type);
  return [list.filter((_, k) => k % 2 === 0), list.filter((_, k) => k % 2 === 1)];
};

/** Takes n items round-robin over chapters (keeps every chapter in), then puts them back in chapter order. */
const spread = (list, n) => {
  const byChapter = new Map();
  for (const i of list) byChapter.set(i.chapter, [...(byChapter.get(i.chapter) ?? []), i]);
  const picked = [];
  for (let round = 0; picked.length < n; round++) {
    let any = false;
    for (const l of byChapter.values()) {
      if (round < l.length && picked.length < n) {
        picked.push(l[round]);
        any = true;
      }
    }
    if (!any) throw new Error(`not enough questions: wanted ${n}, have ${list.length}`);
  }
  return list.filter((i) => picked.includes(i)).map((i) => i.id);
};

const [a1One, a1Two] = halves('A1');
const [a2One, a2Two] = halves('A2');
const [xOne, xTwo] = halves('X');

const paper = (code, kind, name, minutes, pass, sections, year) => ({
  appID: 1001,
  code,
  kind,
  name,
  ...(year ? { year } : {}),
  timeLimitMinutes: minutes,
  passScore: pass,
  sections: sections.map(([type, questions]) => ({ type, score: 1, questions })),
});

const papers = {
  'mock-1': paper('mock-1', 'mock', '护士执业资格 全真模拟卷（一）', 100, 72, [
    ['A1', spread(a1One, 58)],
    ['A2', spread(a2One, 30)],
    ['A3', [...group('a-g-01'), ...group('b-g-01')]],
    ['A4', [...group('a-g-03'), ...group('b-g-03')]],
    ['B1', [...group('a-g-05'), ...group('a-g-06'), ...group('b-g-05'), ...group('b-g-06')]],
    ['X', spread(xOne, 6)],
  ]),
  'mock-2': paper('mock-2', 'mock', '护士执业资格 全真模拟卷（二）', 100, 72, [
    ['A1', spread(a1Two, 58)],
    ['A2', spread(a2Two, 30)],
    ['A3', [...group('a-g-02'), ...group('b-g-02')]],
    ['A4', [...group('a-g-04'), ...group('b-g-04')]],
    ['B1', [...group('a-g-07'), ...group('a-g-08'), ...group('b-g-07'), ...group('b-g-08')]],
    ['X', spread(xTwo, 7)],
  ]),
};
// The past-style paper: what the mocks left out first, then the rest of the bank from the other end.
const used = new Set(Object.values(papers).flatMap((p) => p.sections.flatMap((s) => s.questions)));
const pastPick = (type, n) => {
  const list = singles(type);
  const fresh = list.filter((i) => !used.has(i.id));
  const rest = list.filter((i) => used.has(i.id)).reverse();
  return spread([...fresh, ...spread(rest, Math.max(0, n - fresh.length)).map((id) => list.find((i) => i.id === id))].sort((a, b) => list.indexOf(a) - list.indexOf(b)), n);
};
papers['past-2025'] = paper(
  'past-2025',
  'past',
  '护士执业资格 历年真题风格卷（2025）',
  100,
  72,
  [
    ['A1', pastPick('A1', 50)],
    ['A2', pastPick('A2', 30)],
    ['A3', ['a-g-01', 'a-g-02', 'b-g-01', 'b-g-02'].flatMap(group)],
    ['A4', ['a-g-03', 'a-g-04', 'b-g-03', 'b-g-04'].flatMap(group)],
    ['B1', ['a-g-07', 'b-g-06', 'b-g-08'].flatMap(group)],
    ['X', pastPick('X', 4)],
  ],
  2025,
);
// A short paper of every kind of answer, for quick runs through an exam (browser journeys).
papers['mock-quick'] = paper('mock-quick', 'mock', '快速小测（10题）', 5, 6, [
  ['A1', spread(singles('A1'), 3)],
  ['A2', [singles('A2')[0].id]],
  ['X', [singles('X')[0].id]],
  ['TF', [singles('TF')[0].id]],
  ['FILL', [singles('FILL')[0].id]],
  ['CASE', group('a-g-09')],
]);

const chapterOf = new Map(items.flatMap((i) => (i.questions ? i.questions.map((q) => [q.id, i.chapter]) : [[i.id, i.chapter]])));
const withQuestions = new Set(chapterOf.values());
for (const [code, p] of Object.entries(papers)) {
  const ids = p.sections.flatMap((s) => s.questions);
  if (new Set(ids).size !== ids.length) throw new Error(`${code}: a question twice`);
  const covered = new Set(ids.map((id) => chapterOf.get(id)));
  if (code !== 'mock-quick' && covered.size !== withQuestions.size) throw new Error(`${code}: covers ${covered.size} of ${withQuestions.size} chapters`);
  writeFileSync(new URL(`${code}.json`, here), `${JSON.stringify(p, null, 2)}\n`);
  console.log(`${code}: ${ids.length} questions, ${covered.size} chapters`);
}
const one = new Set(papers['mock-1'].sections.flatMap((s) => s.questions));
console.log(`mock-1 ∩ mock-2: ${papers['mock-2'].sections.flatMap((s) => s.questions).filter((id) => one.has(id)).length} questions`);
