import { sql } from 'drizzle-orm';
import type { MicroResult, MicroType } from '@contract/microtrade';
import type { Db } from '../db/client';
import { LedgerBatch, toUnits, type PendingTx } from '../ledger/batch';
import { inTransaction } from '../ledger/transaction';
import { systemAccount, userAccount, type Tx } from '../ledger/types';
import { pricesAt, type RecordedPrice } from '../market/price-history';
import { runTogether } from '../trading/repo';
import { outcome } from './outcome';

/** A settled order, as announced to its owner. */
export interface SettledOrder {
  id: number;
  userId: number;
  pairId: number;
  result: MicroResult;
}

export interface SettleBatchInput {
  /** Per pair: the time through which its price record is final; orders expiring later wait. */
  marks: ReadonlyMap<number, number>;
  /** Most orders settled in one transaction. */
  limit: number;
  /** A recorded trade older than this before the expiry is not a live price: the order is void. */
  staleMs: number;
  /** Time of the settlement transactions. */
  at: Date;
}

type Row = Record<string, unknown>;
const rowsOf = async (tx: Tx, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: Row[] }).rows;

/**
 * Settles up to `limit` due orders in ONE transaction and returns them. Due: holding, and expired
 * no later than its pair's mark. The rows are taken `FOR UPDATE SKIP LOCKED`, so concurrent
 * workers (other processes on the same PostgreSQL) take disjoint orders, and marked settled by an
 * update conditional on `holding` whose row count must match, so an order is settled once or the
 * transaction rolls back. The settlement price is the last recorded trade at or before the
 * expiry; the outcome is `outcome()` of the stored prices. Every ledger transaction, hold and
 * order change is written as one statement (`LedgerBatch`, as the trading core's group commit).
 */
export async function settleBatch(db: Db, input: SettleBatchInput): Promise<SettledOrder[]> {
  if (input.marks.size === 0) return [];
  const pairs = [...input.marks.keys()];
  return inTransaction(db, async (tx) => {
    const due = await rowsOf(
      tx,
      sql`SELECT o.id, o.user_id, o.pair_id, o.currency_id, o.type, o.stake, o.profit_ratio, o.open_price, o.end_at,
          o.hold_id, h.amount AS hold_amount, h.remaining AS hold_remaining
        FROM micro_orders o
        JOIN unnest(${sql.param(pairs)}::int[], ${sql.param(pairs.map((p) => input.marks.get(p)!))}::bigint[])
          AS m(pair_id, mark) ON o.pair_id = m.pair_id AND o.end_at <= m.mark
        JOIN ledger_holds h ON h.id = o.hold_id
        WHERE o.status = 'holding'
        ORDER BY o.end_at, o.id
        LIMIT ${input.limit}
        FOR UPDATE OF o SKIP LOCKED`,
    );
    if (due.length === 0) return [];
    const wanted = new Map<string, { pairId: number; t: number }>();
    for (const r of due) {
      const w = { pairId: Number(r.pair_id), t: Number(r.end_at) };
      wanted.set(`${w.pairId}|${w.t}`, w);
    }
    const prices = await pricesAt(tx, [...wanted.values()]);
    const batch = new LedgerBatch(input.at);
    const settled: SettledOrder[] = [];
    const col = {
      id: [] as number[],
      result: [] as string[],
      endPrice: [] as (string | null)[],
      endAt: [] as (number | null)[],
      endSource: [] as (string | null)[],
      payout: [] as string[],
      profit: [] as string[],
      txs: [] as PendingTx[],
    };
    for (const r of due) {
      const id = Number(r.id);
      const userId = Number(r.user_id);
      const pairId = Number(r.pair_id);
      const currencyId = Number(r.currency_id);
      const endAt = Number(r.end_at);
      const stake = String(r.stake);
      const recorded: RecordedPrice | undefined = prices.get(`${pairId}|${endAt}`);
      const live = recorded && recorded.ts > endAt - input.staleMs ? recorded : undefined;
      const o = outcome(
        Number(r.type) as MicroType,
        String(r.open_price),
        live?.price ?? null,
        stake,
        String(r.profit_ratio),
      );
      const account = userAccount(userId, currencyId, 'micro');
      const stakeUnits = toUnits(stake);
      const hold = batch.existingHold(
        Number(r.hold_id),
        account,
        toUnits(String(r.hold_amount)),
        toUnits(String(r.hold_remaining)),
      );
      const meta = { micro_order_id: id, pair_id: pairId, result: o.result };
      if (o.result === 'win' || o.result === 'loss') {
        const payout = toUnits(o.payout);
        const tx = batch.post({
          kind: 'micro_settle',
          userId,
          meta,
          entries: [
            batch.spend(hold, stakeUnits),
            { account, bucket: 'available', amount: payout },
            // The house receives a lost stake and pays a win's profit.
            { account: systemAccount('house', currencyId), bucket: 'available', amount: stakeUnits - payout },
          ],
        });
        batch.close(hold, 'posted');
        col.txs.push(tx);
      } else {
        batch.release(hold, stakeUnits, { kind: 'micro_refund', userId, meta });
        batch.close(hold, 'released');
        col.txs.push(hold.closeTx!);
      }
      col.id.push(id);
      col.result.push(o.result);
      col.endPrice.push(live?.price ?? null);
      col.endAt.push(live?.ts ?? null);
      col.endSource.push(live?.source ?? null);
      col.payout.push(o.payout);
      col.profit.push(o.profit);
      settled.push({ id, userId, pairId, result: o.result });
    }
    const ledger = await batch.prepare(tx);
    const at = input.at.toISOString();
    const update = sql`UPDATE micro_orders AS o SET status = 'settled', result = v.result, end_price = v.end_price,
        end_price_at = v.end_price_at, end_source = v.end_source, payout = v.payout, profit = v.profit,
        settle_tx_id = v.tx_id, settled_at = ${at}::timestamptz
      FROM unnest(${sql.param(col.id)}::bigint[], ${sql.param(col.result)}::varchar[],
        ${sql.param(col.endPrice)}::numeric[], ${sql.param(col.endAt)}::bigint[], ${sql.param(col.endSource)}::varchar[],
        ${sql.param(col.payout)}::numeric[], ${sql.param(col.profit)}::numeric[],
        ${sql.param(col.txs.map((t) => t.id))}::bigint[])
        AS v(id, result, end_price, end_price_at, end_source, payout, profit, tx_id)
      WHERE o.id = v.id AND o.status = 'holding'
      RETURNING o.id`;
    const updated = await runTogether(tx, ledger, update);
    if (updated !== due.length) {
      throw new Error(`settled ${updated} of ${due.length} seconds orders: another worker took some`);
    }
    return settled;
  });
}
