// Each table has one owning module (docs/tables.md), the only one that reads and writes it: this check reads the
// owners from the doc and the reads and writes from the modules' sources.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessesIn, docTable, moduleAccesses, schemaTables } from '../test/table-access.ts';

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
/** Tables no module owns (operator content, the platform's): any module may read them. */
const unowned = (table: string) => ownerOf.get(table) === 'seed' || ownerOf.get(table)!.startsWith('platform/');
// The reads not moved yet behind the owner's face, one row per table naming its readers.
const stillToMove = docTable(DOC, 'Reads still to move').flatMap(([table, readers]) => readers!.split(',').map((m) => `${table} ${m.trim()}`));
const accesses = moduleAccesses(SRC);
const where = (a: { table: string; module: string; kind: string; at: string }) =>
  `${a.table} ${a.kind === 'write' ? 'written' : 'read'} by ${a.module} at modules/${a.at} (owner: ${ownerOf.get(a.table)})`;

describe('table owners (docs/tables.md)', () => {
  it('names one owner for every table of the schema, and no table the schema lacks', () => {
    expect(owners.map(([t]) => t).sort()).toEqual([...tables.values()].sort());
    expect(new Set(owners.map(([t]) => t)).size).toBe(owners.length);
    for (const [table, owner] of owners) expect(modules.has(owner!) || owner === 'seed' || owner!.startsWith('platform/'), `${table}: ${owner}`).toBe(true);
  });

  it('finds every write of a table in its owner', () => {
    const strays = accesses.filter((a) => a.kind === 'write' && a.module !== ownerOf.get(a.table));
    expect(strays.map(where)).toEqual([]);
  });

  it("finds every read of a module's table in its owner, or in the reads still to move", () => {
    const strays = accesses.filter((a) => a.kind === 'read' && a.module !== ownerOf.get(a.table) && !unowned(a.table) && !stillToMove.includes(`${a.table} ${a.module}`));
    expect(strays.map(where)).toEqual([]);
  });

  it('lists only reads still to move that still happen (a moved read leaves the list)', () => {
    const happening = new Set(accesses.filter((a) => a.kind === 'read').map((a) => `${a.table} ${a.module}`));
    expect(stillToMove.filter((s) => !happening.has(s))).toEqual([]);
  });

  it('sees the reads and writes of the owners themselves (the scan is not blind)', () => {
    const seen = new Set(accesses.map((a) => `${a.table} ${a.module} ${a.kind}`));
    for (const owned of ['questions questions', 'answers practice', 'user_messages message', 'change_log change-log', 'live_sessions live', 'discussion_posts discussion'])
      for (const kind of ['read', 'write']) expect(seen).toContain(`${owned} ${kind}`);
  });
});

describe('the scan (test/table-access.ts)', () => {
  const schema = new Map([
    ['questions', 'questions'],
    ['liveCards', 'live_cards'],
  ]);
  const scan = (text: string, kind = 'write') =>
    accessesIn(text, 'x.ts', schema)
      .filter((a) => a.kind === kind)
      .map((a) => `${a.table}:${a.line}`);

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

  it("finds drizzle's reads: from, joins, a subquery and the relational API", () => {
    const text = [
      "import { questions as q, liveCards } from '../../db/schema/index.ts';",
      'db.select().from(q);',
      'db.select().from(x).innerJoin(liveCards, eq(x.id, liveCards.id)).leftJoin(q, eq(q.id, x.id));',
      'inArray(x.id, db.select({ id: q.id }).from(q));',
      'db.query.liveCards.findMany();',
      'db.insert(q).values({});',
    ].join('\n');
    expect(scan(text, 'read')).toEqual(['questions:2', 'questions:3', 'live_cards:3', 'questions:4', 'live_cards:5']);
  });

  it('finds the reads of SQL text, interpolated or named', () => {
    const text = [
      "import { questions } from '../../db/schema/index.ts';",
      'sql`select count(*) from ${questions} where app_id = 1`;',
      "db.execute(sql.raw('select * from a join live_cards on true'));",
      'sql`select ${questions.id} from x`;',
    ].join('\n');
    expect(scan(text, 'read')).toEqual(['questions:2', 'live_cards:3']);
  });

  it('leaves out a table not imported from the schema, and a Map or Set call', () => {
    const text = 'const questions = new Map();\nquestions.delete(1);\nseen.delete(questions);\nArray.from(questions);';
    expect(scan(text)).toEqual([]);
    expect(scan(text, 'read')).toEqual([]);
  });
});
