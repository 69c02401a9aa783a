import { sql } from 'drizzle-orm';
import type { MicroResult, MicroType } from '@contract/microtrade';
import type { Db } from '../db/client';
import { LedgerBatch, toUnits, type BatchEntry, type BatchHold, type PendingTx } from '../ledger/batch';
import { shardFor } from '../ledger/shards';
import { inTransaction } from '../ledger/transaction';
import { systemAccount, userAccount, type AccountRef, type Tx } from '../ledger/types';
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

type Kind = 'micro_settle' | 'micro_refund';
const KINDS: Kind[] = ['micro_settle', 'micro_refund'];
/** One kind's transaction of a batch: per user account its stakes out of held and its payouts. */
interface Part {
  accounts: Map<string, { account: AccountRef; stakes: bigint; payouts: bigint }>;
  holds: BatchHold[];
  house: Map<string, HouseLeg>;
}
interface HouseLeg {
  currencyId: number;
  shard: number;
  amount: bigint;
}

type Row = Record<string, unknown>;
const rowsOf = async (tx: Tx, q: ReturnType<typeof sql>) => ((await tx.execute(q)) as unknown as { rows: Row[] }).rows;

/**
 * Settles up to `limit` due orders in ONE transaction and returns them. Due: holding, and expired
 * no later than its pair's mark. The rows are taken `FOR UPDATE SKIP LOCKED`, so concurrent
 * workers (other processes on the same PostgreSQL) take disjoint orders, and marked settled by an
 * update conditional on `holding` whose row count must match, so an order is settled once or the
 * transaction rolls back. The settlement price is the last recorded trade at or before the
 * expiry; the outcome is `outcome()` of the stored prices. The batch posts one ledger transaction
 * per kind (`micro_settle` for wins and losses, `micro_refund` for ties and voids): per user account
 * the stakes out of held and the payouts into available (summed over the user's orders of the
 * batch, which takes one expiry's orders user by user), and the house's side summed per shard; each
 * order names the transaction (`settle_tx_id`) and its hold is closed by it.
 * Transactions, entries, balances, holds and orders are written as one statement (`LedgerBatch`,
 * as the trading core's group commit).
 */
export async function settleBatch(db: Db, input: SettleBatchInput): Promise<SettledOrder[]> {
  if (input.marks.size === 0) return [];
  const pairs = [...input.marks.keys()];
  return inTransaction(db, async (tx) => {
    // Marks by pair id (PostgreSQL arrays count from 1): an order is due when it expired no later
    // than its pair's mark. Walking the due index in order, the scan stops after `limit` rows.
    const marks = Array.from({ length: Math.max(...pairs) }, (_, i) => input.marks.get(i + 1) ?? 0);
    const due = await rowsOf(
      tx,
      sql`SELECT o.id, o.user_id, o.pair_id, o.currency_id, o.type, o.stake, o.profit_ratio, o.open_price, o.end_at,
          o.hold_id
        FROM micro_orders o
        WHERE o.status = 'holding' AND o.end_at <= ${Math.max(...marks)}
          AND o.end_at <= (${sql.param(marks)}::bigint[])[o.pair_id]
        ORDER BY o.end_at, o.user_id, o.id
        LIMIT ${input.limit}
        FOR UPDATE SKIP LOCKED`,
    );
    if (due.length > 0) {
      const holds = await rowsOf(
        tx,
        sql`SELECT id, amount, remaining FROM ledger_holds
          WHERE id = ANY(${sql.param(due.map((r) => Number(r.hold_id)))}::int[]) AND status = 'held'`,
      );
      const byId = new Map(holds.map((h) => [Number(h.id), h]));
      for (const r of due) {
        const h = byId.get(Number(r.hold_id));
        // An open order's stake is always in an open hold; anything else is a bug, not an outcome.
        if (!h) throw new Error(`seconds order ${String(r.id)} has no open hold`);
        r.hold_amount = h.amount;
        r.hold_remaining = h.remaining;
      }
    }
    if (due.length === 0) return [];
    const wanted = new Map<string, { pairId: number; t: number }>();
    for (const r of due) {
      const w = { pairId: Number(r.pair_id), t: Number(r.end_at) };
      wanted.set(`${w.pairId}|${w.t}`, w);
    }
    const prices = await pricesAt(tx, [...wanted.values()]);
    const batch = new LedgerBatch(input.at);
    // One house shard per batch (a batch has no single user): concurrent batches of other workers
    // most likely lock other house rows, so they run side by side instead of queueing.
    const houseShard = shardFor(null);
    const settled: SettledOrder[] = [];
    const col = {
      id: [] as number[],
      result: [] as string[],
      endPrice: [] as (string | null)[],
      endAt: [] as (number | null)[],
      endSource: [] as (string | null)[],
      payout: [] as string[],
      profit: [] as string[],
      kind: [] as Kind[],
    };
    // One ledger transaction per kind for the whole batch: each order's entries (its stake out of
    // the hold, its payout), the house's side summed per currency and shard.
    const parts: Record<Kind, Part> = {
      micro_settle: { accounts: new Map(), holds: [], house: new Map() },
      micro_refund: { accounts: new Map(), holds: [], house: new Map() },
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
      const kind: Kind = o.result === 'win' || o.result === 'loss' ? 'micro_settle' : 'micro_refund';
      const part = parts[kind];
      const payout = toUnits(o.payout);
      batch.spend(hold, stakeUnits);
      const key = `${userId}|${currencyId}`;
      const own = part.accounts.get(key) ?? { account, stakes: 0n, payouts: 0n };
      own.stakes += stakeUnits;
      own.payouts += payout;
      part.accounts.set(key, own);
      if (stakeUnits !== payout) {
        // The house receives a lost stake and pays a win's profit, on the batch's shard.
        const key = `${currencyId}|${houseShard}`;
        const leg = part.house.get(key) ?? { currencyId, shard: houseShard, amount: 0n };
        leg.amount += stakeUnits - payout;
        part.house.set(key, leg);
      }
      part.holds.push(hold);
      col.id.push(id);
      col.result.push(o.result);
      col.endPrice.push(live?.price ?? null);
      col.endAt.push(live?.ts ?? null);
      col.endSource.push(live?.source ?? null);
      col.payout.push(o.payout);
      col.profit.push(o.profit);
      col.kind.push(kind);
      settled.push({ id, userId, pairId, result: o.result });
    }
    const txOf = new Map<Kind, PendingTx>();
    for (const kind of KINDS) {
      const part = parts[kind];
      if (part.holds.length === 0) continue;
      const entries: BatchEntry[] = [];
      for (const own of part.accounts.values()) {
        entries.push({ account: own.account, bucket: 'held', amount: -own.stakes });
        entries.push({ account: own.account, bucket: 'available', amount: own.payouts });
      }
      for (const leg of part.house.values()) {
        entries.push({
          account: systemAccount('house', leg.currencyId, leg.shard),
          bucket: 'available',
          amount: leg.amount,
        });
      }
      const posted = batch.post({ kind, userId: null, entries, meta: { orders: part.holds.length } });
      txOf.set(kind, posted);
      for (const hold of part.holds) {
        // The stakes left their holds in this transaction (one entry per account for all of them).
        hold.lastTx = posted;
        batch.close(hold, kind === 'micro_settle' ? 'posted' : 'released');
      }
    }
    const ledger = await batch.prepare(tx);
    const at = input.at.toISOString();
    const update = sql`UPDATE micro_orders AS o SET status = 'settled', result = v.result, end_price = v.end_price,
        end_price_at = v.end_price_at, end_source = v.end_source, payout = v.payout, profit = v.profit,
        settle_tx_id = v.tx_id, settled_at = ${at}::timestamptz
      FROM unnest(${sql.param(col.id)}::bigint[], ${sql.param(col.result)}::varchar[],
        ${sql.param(col.endPrice)}::numeric[], ${sql.param(col.endAt)}::bigint[], ${sql.param(col.endSource)}::varchar[],
        ${sql.param(col.payout)}::numeric[], ${sql.param(col.profit)}::numeric[],
        ${sql.param(col.kind.map((k) => txOf.get(k)!.id))}::bigint[])
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

/** The expiry of the oldest order not yet settled (null: none), through the due index. */
export async function oldestUnsettledExpiry(db: Db): Promise<number | null> {
  const [row] = (
    (await db.execute(sql`SELECT min(end_at) AS t FROM micro_orders WHERE status = 'holding'`)) as unknown as {
      rows: Row[];
    }
  ).rows;
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}
