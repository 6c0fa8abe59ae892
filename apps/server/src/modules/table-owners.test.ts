// Each table has one writing module (docs/tables.md): this check reads the owners from the doc and the writes
// from the modules' sources.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docTable, moduleWrites, schemaTables, writesIn } from '../test/table-writes.ts';

const SRC = new URL('..', import.meta.url).pathname;
const DOC = readFileSync(new URL('../../../../docs/tables.md', import.meta.url), 'utf8');
const modules = new Set(
  readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
);
const tables = schemaTables(`${SRC}db/schema`);
const owners = docTable(DOC, 'Owners');
const ownerOf = new Map(owners.map(([table, owner]) => [table!, owner!]));
const shared = docTable(DOC, 'Shared writes still to move').map(([table, module]) => `${table} ${module}`);
const writes = moduleWrites(SRC);

describe('table owners (docs/tables.md)', () => {
  it('names one owner for every table of the schema, and no table the schema lacks', () => {
    expect(owners.map(([t]) => t).sort()).toEqual([...tables.values()].sort());
    expect(new Set(owners.map(([t]) => t)).size).toBe(owners.length);
    for (const [table, owner] of owners) expect(modules.has(owner!) || owner === 'seed' || owner!.startsWith('platform/'), `${table}: ${owner}`).toBe(true);
  });

  it('finds every write of a table in its owner, or in the shared writes still to move', () => {
    const strays = writes.filter((w) => w.module !== ownerOf.get(w.table) && !shared.includes(`${w.table} ${w.module}`));
    expect(strays.map((w) => `${w.table} written by ${w.module} at modules/${w.at} (owner: ${ownerOf.get(w.table)})`)).toEqual([]);
  });

  it('lists only shared writes that still happen', () => {
    const happening = new Set(writes.map((w) => `${w.table} ${w.module}`));
    expect(shared.filter((s) => !happening.has(s))).toEqual([]);
  });

  it('sees the writes of the owners themselves (the scan is not blind)', () => {
    const seen = new Set(writes.map((w) => `${w.table} ${w.module}`));
    for (const owned of ['questions questions', 'answers practice', 'user_messages message', 'change_log change-log', 'live_sessions live', 'discussion_posts discussion'])
      expect(seen).toContain(owned);
  });
});

describe('the write scan (test/table-writes.ts)', () => {
  const schema = new Map([
    ['questions', 'questions'],
    ['liveCards', 'live_cards'],
  ]);
  const scan = (text: string) => writesIn(text, 'x.ts', schema).map((w) => `${w.table}:${w.line}`);

  it("finds drizzle's writes of an imported table, under an `as` name, a local name or an alias", () => {
    const text = [
      "import { questions as q, liveCards } from '../../db/schema/index.ts';",
      'const c = liveCards;',
      'const r = alias(q, "r");',
      'db.insert(q).values({});',
      'tx.update(c).set({});',
      'tx.delete(r);',
      'db.select().from(q);',
    ].join('\n');
    expect(scan(text)).toEqual(['questions:4', 'live_cards:5', 'questions:6']);
  });

  it('finds the writes of SQL text, interpolated or named', () => {
    const text = [
      "import { questions } from '../../db/schema/index.ts';",
      'sql`insert into ${questions} (id) values (1)`;',
      "db.execute(sql.raw('delete from live_cards where id = 1'));",
      'sql`select * from ${questions}`;',
    ].join('\n');
    expect(scan(text)).toEqual(['questions:2', 'live_cards:3']);
  });

  it('leaves out a table not imported from the schema, and a Map or Set call', () => {
    expect(scan('const questions = new Map();\nquestions.delete(1);\nseen.delete(questions);')).toEqual([]);
  });
});
