import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './index.ts';

/** One column of a bulk write: the schema's column (its name and SQL type) and how to read it from a row. */
export type BulkColumn<R> = readonly [PgColumn, (row: R) => unknown];

const quoted = (columns: readonly PgColumn[]) => sql.raw(columns.map((c) => `"${c.name}"`).join(', '));

/**
 * `("a", "b") select * from unnest($1::integer[], $2::text[])`: the rows of an INSERT as one array parameter per
 * column. drizzle builds a multi-row VALUES at several microseconds per value (5 ms for the 60 answers of a
 * hand-in, 7 ms for their book rows, docs/exam-day.md); this is one parameter per column whatever the row count,
 * and the same SQL on PostgreSQL and PGlite. Dates go as ISO strings.
 */
export function unnestRows<R>(columns: readonly BulkColumn<R>[], rows: readonly R[]): SQL {
  const arrays = columns.map(([column, get]) => {
    const values = rows.map((r) => {
      const v = get(r);
      return v instanceof Date ? v.toISOString() : v;
    });
    return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
  });
  return sql`(${quoted(columns.map(([c]) => c))}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/** The conflict target or the RETURNING list of a bulk write: bare quoted column names. */
export const columnNames = (...columns: PgColumn[]): SQL => quoted(columns);

/** `"a" = excluded."a", …`: an upsert's SET that takes these columns from the proposed row. */
export const fromExcluded = (columns: readonly PgColumn[]): SQL => sql.raw(columns.map((c) => `"${c.name}" = excluded."${c.name}"`).join(', '));

/** Runs a bulk statement and answers its rows (RETURNING), the same on both drivers. */
export async function bulk<Row>(conn: Database | Tx, statement: SQL): Promise<Row[]> {
  const out = (await conn.execute(statement)) as unknown as { rows: Row[] };
  return out.rows;
}
