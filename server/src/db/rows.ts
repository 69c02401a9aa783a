import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx as Transaction } from './client';

/**
 * The rows of a raw SQL statement, typed by the caller. Both drivers (node-postgres and PGlite)
 * answer `execute` with an object holding `rows`; drizzle types it per driver, so this is the one
 * place that says so.
 */
export async function rows<T = Record<string, unknown>>(db: Db | Transaction, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs the statements as one (data-modifying CTEs: one round trip, one plan; foreign keys are
 * checked at its end, so rows may refer to rows inserted beside them). Returns how many rows
 * `counted`, run last, returned.
 */
export async function runTogether(tx: Transaction, statements: SQL[], counted?: SQL): Promise<number> {
  const all = counted ? [...statements, counted] : statements;
  if (all.length === 0) return 0;
  const ctes = sql.join(
    all.map((s, i) => sql`${sql.raw(`s${i}`)} AS (${s})`),
    sql`, `,
  );
  const result = counted ? sql`SELECT count(*) AS n FROM ${sql.raw(`s${all.length - 1}`)}` : sql`SELECT 0 AS n`;
  const [row] = await rows<{ n: string | number }>(tx, sql`WITH ${ctes} ${result}`);
  return Number(row?.n ?? 0);
}
