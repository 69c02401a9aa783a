import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';

export interface InvariantReport {
  ok: boolean;
  problems: string[];
  accounts: number;
  transactions: number;
  entries: number;
}

const LIMIT = 20;

/**
 * Checks the whole ledger from one snapshot: every transaction's entries sum to zero per
 * currency; every entry is in its account's currency; each stored balance equals the sum of its
 * entries; no account that may not go negative is; each account's held balance equals what its
 * open holds still hold (`remaining`); a hold's remaining lies between 0 and its amount, and is 0
 * once closed. Returns at most 20 problems per rule.
 */
export async function checkInvariants(db: Db): Promise<InvariantReport> {
  return db.transaction(
    async (tx) => {
      const t = tx as unknown as Db;
      const problems: string[] = [];
      for (const r of await rows(
        t,
        sql`SELECT tx_id, currency_id, sum(amount) AS s FROM ledger_entries
          GROUP BY tx_id, currency_id HAVING sum(amount) <> 0 ORDER BY tx_id LIMIT ${LIMIT}`,
      )) {
        problems.push(`transaction ${r.tx_id} does not balance in currency ${r.currency_id}: ${r.s}`);
      }
      for (const r of await rows(
        t,
        sql`SELECT e.id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
          WHERE e.currency_id <> a.currency_id ORDER BY e.id LIMIT ${LIMIT}`,
      )) {
        problems.push(`entry ${r.id} is not in its account's currency`);
      }
      for (const r of await rows(
        t,
        sql`SELECT a.id, a.available, a.held, coalesce(e.av, 0) AS av, coalesce(e.h, 0) AS h
          FROM ledger_accounts a LEFT JOIN (
            SELECT account_id, sum(amount) FILTER (WHERE bucket = 'available') AS av,
                   sum(amount) FILTER (WHERE bucket = 'held') AS h
            FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
          WHERE a.available <> coalesce(e.av, 0) OR a.held <> coalesce(e.h, 0) ORDER BY a.id LIMIT ${LIMIT}`,
      )) {
        problems.push(`account ${r.id} stores ${r.available}/${r.held} but its entries sum to ${r.av}/${r.h}`);
      }
      for (const r of await rows(
        t,
        sql`SELECT id, owner, available, held FROM ledger_accounts
          WHERE NOT allow_negative AND (available < 0 OR held < 0) ORDER BY id LIMIT ${LIMIT}`,
      )) {
        problems.push(`account ${r.id} (${r.owner}) is negative: ${r.available}/${r.held}`);
      }
      for (const r of await rows(
        t,
        sql`SELECT id, remaining, amount, status FROM ledger_holds
          WHERE remaining < 0 OR remaining > amount OR (status <> 'held' AND remaining <> 0) ORDER BY id LIMIT ${LIMIT}`,
      )) {
        problems.push(`hold ${r.id} (${r.status}) of ${r.amount} has ${r.remaining} remaining`);
      }
      for (const r of await rows(
        t,
        sql`SELECT a.id, a.held, coalesce(h.s, 0) AS s FROM ledger_accounts a
          LEFT JOIN (SELECT account_id, sum(remaining) AS s FROM ledger_holds WHERE status = 'held' GROUP BY account_id) h
          ON h.account_id = a.id WHERE a.held <> coalesce(h.s, 0) ORDER BY a.id LIMIT ${LIMIT}`,
      )) {
        problems.push(`account ${r.id} holds ${r.held} but its open holds sum to ${r.s}`);
      }
      const [counts] = await rows(
        t,
        sql`SELECT (SELECT count(*) FROM ledger_accounts) AS a,
          (SELECT count(*) FROM ledger_transactions) AS t, (SELECT count(*) FROM ledger_entries) AS e`,
      );
      return {
        ok: problems.length === 0,
        problems,
        accounts: Number(counts?.a ?? 0),
        transactions: Number(counts?.t ?? 0),
        entries: Number(counts?.e ?? 0),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
