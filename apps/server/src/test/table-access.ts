// The reads and writes of each table by the server's modules, found in their sources (docs/tables.md): the check
// behind "a module reads and writes only its own tables" (modules/table-owners.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One access of a table: the module whose source has it, the table's SQL name, read or write, and where (file:line). */
export interface TableAccess {
  module: string;
  table: string;
  kind: 'read' | 'write';
  at: string;
}

/** The tables of the schema: the TypeScript name of each `pgTable` (db/schema/*.ts) → its SQL name. */
export function schemaTables(schemaDir: string): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const text = readFileSync(join(schemaDir, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(m[1]!, m[2]!);
  }
  return tables;
}

const WRITE_CALLS = new Set(['insert', 'update', 'delete']);
const READ_CALLS = new Set(['from', 'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'crossJoin', 'innerJoinLateral', 'leftJoinLateral']);
const SQL_WRITE_BEFORE = /(?:insert\s+into|update|delete\s+from)\s*$/i;
const SQL_READ_BEFORE = /(?:from|join|,)\s*$/i;
const SQL_NAMED = /\b(insert\s+into|update|delete\s+from|from|join)\s+"?(\w+)"?/gi;

/**
 * The table accesses in one source text, of a table imported from db/schema (under its own name, an `as` name, or
 * a local `const x = t` / `alias(t, …)`):
 * - writes: drizzle's `.insert(t)`, `.update(t)`, `.delete(t)`, a `sql` template's `insert into ${t}` /
 *   `update ${t}` / `delete from ${t}`, and a table named after those words in SQL text;
 * - reads: drizzle's `.from(t)` and joins (`innerJoin(t, …)`, `leftJoin`…), `<db>.query.<table>` (the relational
 *   API, by the table's TypeScript name), a `sql` template's `from ${t}` / `join ${t}` / `, ${t}`, and a table named
 *   after `from` or `join` in SQL text.
 * A table reached through a function's parameter is not seen: it is reached through the owner's functions, which
 * this check finds in the owner.
 */
export function accessesIn(text: string, fileName: string, tables: Map<string, string>): { table: string; kind: 'read' | 'write'; line: number }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const local = new Map<string, string>();
  for (const st of source.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !/db\/schema\//.test(st.moduleSpecifier.text)) continue;
    const named = st.importClause?.namedBindings;
    if (!named || !ts.isNamedImports(named)) continue;
    for (const el of named.elements) {
      const table = tables.get((el.propertyName ?? el.name).text);
      if (table) local.set(el.name.text, table);
    }
  }
  const tableOf = (e: ts.Expression | undefined) => (e && ts.isIdentifier(e) ? local.get(e.text) : undefined);
  const sqlNames = new Set(tables.values());
  const found: { table: string; kind: 'read' | 'write'; line: number }[] = [];
  const add = (table: string, kind: 'read' | 'write', node: ts.Node) => found.push({ table, kind, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = n.initializer;
      const aliased = ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'alias' ? tableOf(init.arguments[0]) : tableOf(init);
      if (aliased) local.set(n.name.text, aliased);
    }
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression)) {
      const call = n.expression.name.text;
      const table = tableOf(n.arguments[0]);
      if (table && WRITE_CALLS.has(call)) add(table, 'write', n);
      if (table && READ_CALLS.has(call)) add(table, 'read', n);
    }
    if (ts.isPropertyAccessExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.expression.name.text === 'query') {
      const table = tables.get(n.name.text);
      if (table) add(table, 'read', n);
    }
    if (ts.isTemplateExpression(n)) {
      let before = n.head.text;
      for (const span of n.templateSpans) {
        const table = tableOf(span.expression);
        if (table && SQL_WRITE_BEFORE.test(before)) add(table, 'write', span);
        else if (table && SQL_READ_BEFORE.test(before)) add(table, 'read', span);
        before = span.literal.text;
      }
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      for (const m of n.text.matchAll(SQL_NAMED)) if (sqlNames.has(m[2]!)) add(m[2]!, /^(from|join)$/i.test(m[1]!) ? 'read' : 'write', n);
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

/** Test files and test helpers (the lint's TESTS): they set up and read rows of any table on purpose. */
const isTestSource = (name: string) => /\.test\.ts$|-setup\.ts$|-harness\.ts$/.test(name);

/** Every table read and write of every module (src/modules/<module>/**), tests and test helpers left out. */
export function moduleAccesses(serverSrc: string): TableAccess[] {
  const tables = schemaTables(join(serverSrc, 'db/schema'));
  const modulesDir = join(serverSrc, 'modules');
  const accesses: TableAccess[] = [];
  for (const entry of readdirSync(modulesDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || isTestSource(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const file = relative(modulesDir, path);
    if (!file.includes('/') || file.split('/').includes('__mocks__')) continue;
    const module = file.split('/')[0]!;
    for (const a of accessesIn(readFileSync(path, 'utf8'), path, tables)) accesses.push({ module, table: a.table, kind: a.kind, at: `${file}:${a.line}` });
  }
  return accesses;
}

/** A markdown table of docs/tables.md under the given heading: its rows' cells (backticks removed), header skipped. */
export function docTable(markdown: string, heading: string): string[][] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/tables.md has no section "## ${heading}"`);
  const rest = markdown.slice(start + heading.length + 5);
  const section = rest.slice(0, rest.search(/\n## |$/));
  return section
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2)
    .map((l) =>
      l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim().replaceAll('`', '')),
    );
}
