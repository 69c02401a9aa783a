import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { checkInvariants, inTransaction } from '../../ledger/index';
import { onPgliteFolder, onScratchPostgres, openAfterKill, runUntil } from '../../testing/kill-support';
import { deposit, insertLedgerUser } from '../../testing/ledger';
import { termsById } from './repo';
import { DEMO_TERMS, seedDemoTerms } from './runtime';
import { borrow } from './service';

/**
 * `kill -9` of the process that liquidates a loan, after the liquidation is written and before it
 * commits: nothing of it is stored; after the restart the same price path liquidates it once, at
 * the first trade that reaches its liquidation price, and a later path changes nothing. On a PGlite
 * folder and, with DATABASE_URL, on PostgreSQL.
 */

const SCRIPT = fileURLToPath(new URL('../../testing/loan-watch-process.ts', import.meta.url));
const NOW = Date.UTC(2032, 6, 1, 12, 30);
/** 6,500 against 0.2 BTC: liquidation at 36,111.11 (90 %), margin call at 40,625 (80 %). */
const PATH = '45000,40000,36200,36000,35000,36500,34000';

async function pass(target: string, prices: string, pause: boolean): Promise<void> {
  const env = { TARGET: target, NOW: String(NOW), PAIR: '1', PRICES: prices, PAUSE: pause ? '1' : '' };
  await runUntil(SCRIPT, env, pause ? 'written' : 'done', pause);
}

async function state(target: string, loanId: number) {
  const database = await openAfterKill(target);
  try {
    const [loan] = await rows<{ status: string; liq_price: string | null; liq_ts: string | null }>(
      database.db,
      sql`SELECT status, liq_price::text, liq_ts::text FROM loans WHERE id = ${loanId}`,
    );
    const [counts] = await rows<{ sales: string; events: string; notices: string }>(
      database.db,
      sql`SELECT
        (SELECT count(*) FROM ledger_transactions WHERE kind = 'loan_liquidation') AS sales,
        (SELECT count(*) FROM loan_events WHERE loan_id = ${loanId} AND kind = 'liquidation') AS events,
        (SELECT count(*) FROM notices WHERE type = 'settlement.loan' AND event->>'kind' = 'liquidation') AS notices`,
    );
    return {
      status: loan!.status,
      price: loan!.liq_price === null ? null : Number(loan!.liq_price),
      ts: loan!.liq_ts === null ? null : Number(loan!.liq_ts),
      sales: Number(counts!.sales),
      events: Number(counts!.events),
      notices: Number(counts!.notices),
      invariants: (await checkInvariants(database.db)).problems,
    };
  } finally {
    await database.close();
  }
}

async function killMidLiquidation(target: string): Promise<void> {
  const database = await openAfterKill(target);
  let loanId: number;
  try {
    await database.migrate();
    const at = new Date(NOW - 60_000);
    await seedDemoTerms(database.db, at);
    const userId = await insertLedgerUser(database.db);
    await deposit(database.db, userId, 1, '1', 'change');
    const terms = (await termsById(database.db, 1))!;
    expect(terms.collateralCurrencyId).toBe(DEMO_TERMS[0]!.collateralCurrencyId);
    const row = await inTransaction(database.db, (tx) =>
      borrow(tx, { userId, terms, amount: '6500', collateral: '0.2', term: 0, price: '50000', now: at }),
    );
    loanId = row.id;
  } finally {
    await database.close();
  }
  const open = { status: 'open', price: null, ts: null, sales: 0, events: 0, notices: 0, invariants: [] };

  await pass(target, PATH, true);
  expect(await state(target, loanId)).toEqual(open);

  // Restarted: the same path liquidates once, at 36,000 (the 4th trade, feed time NOW + 3).
  await pass(target, PATH, false);
  const liquidated = { status: 'liquidated', price: 36000, ts: NOW + 3, sales: 2, events: 1, notices: 1 };
  expect(await state(target, loanId)).toEqual({ ...liquidated, invariants: [] });

  // Another start and a lower path: nothing more.
  await pass(target, '33000,30000', false);
  expect(await state(target, loanId)).toEqual({ ...liquidated, invariants: [] });
}

describe('a loan liquidation killed before its commit', () => {
  it('liquidates once after a restart on PGlite', () => onPgliteFolder(killMidLiquidation), 180_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'liquidates once after a restart on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killMidLiquidation),
    180_000,
  );
});
