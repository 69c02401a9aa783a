import Decimal from 'decimal.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MakerConfig } from '../../config';
import type { Db } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema/index';
import { inTransaction, post } from '../../ledger/index';
import { systemAccount } from '../../ledger/types';
import type { Instrument } from '../../market/catalog';

/** Any fixed number: serializes the funding of several processes starting at once. */
const FUNDING_LOCK = 727_001;

/**
 * What the house lends the demo maker, per currency: for each pair, twice its full ladder of
 * asks in the base (at the catalogue price), and in the settlement currency twice every pair's
 * ladder of bids.
 */
export function fundingTargets(config: MakerConfig, instruments: Instrument[]): Map<number, string> {
  const targets = new Map<number, Decimal>();
  const ladderValue = new Decimal(config.levelValue).times(config.levels).times(2);
  for (const inst of instruments) {
    const lotDecimals = new Decimal(inst.rules.lot_size).decimalPlaces();
    const base = ladderValue.div(inst.basePrice).toDecimalPlaces(lotDecimals, Decimal.ROUND_UP);
    targets.set(inst.base.id, (targets.get(inst.base.id) ?? new Decimal(0)).plus(base));
    const settle = inst.rules.settle_id;
    targets.set(settle, (targets.get(settle) ?? new Decimal(0)).plus(ladderValue));
  }
  return new Map([...targets].map(([id, v]) => [id, v.toFixed()]));
}

/**
 * Demo mode: the house funds the maker once per currency (ledger kind `maker_funding`, house →
 * maker). A currency funded before, at any earlier start, is never funded again, whatever the
 * maker has since bought or sold. Returns the currencies funded now.
 */
export async function fundMaker(db: Db, targets: Map<number, string>, at: Date): Promise<number[]> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FUNDING_LOCK})`);
    // From the few funding transactions to their entries: a funding names no user, so the
    // transactions' (user_id, kind) index finds them. Starting from the maker's accounts instead
    // read every entry the maker ever made (each of its trades), at every start.
    const funded = await tx
      .selectDistinct({ currencyId: ledgerAccounts.currencyId })
      .from(ledgerTransactions)
      .innerJoin(ledgerEntries, eq(ledgerEntries.txId, ledgerTransactions.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          isNull(ledgerTransactions.userId),
          eq(ledgerTransactions.kind, 'maker_funding'),
          eq(ledgerAccounts.owner, 's:maker'),
        ),
      );
    const done = new Set(funded.map((r) => r.currencyId));
    const due = [...targets].filter(([id, amount]) => !done.has(id) && new Decimal(amount).gt(0));
    if (due.length === 0) return [];
    await post(tx, {
      kind: 'maker_funding',
      userId: null,
      reason: 'Demo market maker inventory from the house',
      demo: true,
      at,
      entries: due.flatMap(([currencyId, amount]) => [
        { account: systemAccount('house', currencyId), amount: `-${amount}` },
        { account: systemAccount('maker', currencyId), amount },
      ]),
    });
    return due.map(([id]) => id);
  });
}
