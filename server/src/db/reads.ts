import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client';

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
type Results<T> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Independent reads (drizzle queries, which run when awaited): at once on the pool, one after
 * another inside a transaction, whose single connection takes one query at a time (node-postgres
 * only queues concurrent ones, with a deprecation warning, and pg 9 refuses them).
 */
export async function readTogether<T extends readonly PromiseLike<unknown>[]>(
  db: Db | Transaction,
  queries: readonly [...T],
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(queries)) as Results<T>;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as Results<T>;
}
