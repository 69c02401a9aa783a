import { sql } from 'drizzle-orm';
import type { MicroResult, MicroType } from '@contract/seconds';
import type { Db } from '../../db/client';
import { LedgerBatch, toUnits, type BatchEntry, type BatchHold, type PendingTx } from '../../ledger/batch';
import { inTransaction } from '../../ledger/transaction';
import { systemAccount, userAccount, type AccountRef, type Tx } from '../../ledger/types';
import { pricesAt, type RecordedPrice } from '../../market/price-history';
import { rows as rowsOf, runTogether } from '../../db/rows';
import { notifySecondsSettled } from '../../push/events';
import { ESCROW_SHARDS, escrowAccount } from './escrow';
import { outcome } from './outcome';
import { settlementRecords } from './records';
import { appendRecords } from '../../settlement-record/index';

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
  /**
   * Shards known to have nothing due at these marks: not looked at. A batch that comes back with
   * fewer orders than `limit` adds its shard once committed (the worker shares one set per pass).
   */
  exhausted?: Set<number>;
}

type Kind = 'micro_settle' | 'micro_refund';
const KINDS: Kind[] = ['micro_settle', 'micro_refund'];
/**
 * One kind's transaction of a batch. Per user account: what the user's orders of the kind pay
 * back into available, and the stakes still in a hold (orders accepted before the escrow); the
 * stakes taken out of escrow; the house's side.
 */
interface Part {
  accounts: Map<number, { account: AccountRef; held: bigint; payouts: bigint }>;
  holds: BatchHold[];
  escrow: bigint;
  house: bigint;
  orders: number;
}

type Row = Record<string, unknown>;
/** What a settlement writes on an order; a batch's orders share a few of these. */
export interface Settlement {
  result: MicroResult;
  endPrice: string | null;
  endAt: number | null;
  endSource: string | null;
  payout: string;
  profit: string;
  kind: Kind;
}
/** The outcome of one set of inputs (pair, expiry, direction, entry price, stake, ratio). */
interface Decided {
  result: MicroResult;
  kind: Kind;
  profit: string;
  stake: bigint;
  payout: bigint;
  /** Its `Settlement`'s number, from 1. */
  group: number;
}
/** A due order as the batch reads it (numerics as stored text; `hold_id` null once escrowed). */
export interface Due {
  id: number;
  userId: number;
  pairId: number;
  currencyId: number;
  type: MicroType;
  stake: string;
  ratio: string;
  openPrice: string;
  openAt: number;
  openSource: string;
  endAt: number;
  holdId: number | null;
}

/** Advisory lock namespace of the escrow shards being settled (one batch per shard at a time). */
const SETTLING_SHARD_LOCK = 73_002;

/** Due: holding, and expired no later than its pair's mark (marks by pair id; arrays count from 1). */
const dueWhere = (marks: number[]) =>
  sql`o.status = 'holding' AND o.end_at <= ${Math.max(...marks)}
    AND o.end_at <= (${sql.param(marks)}::bigint[])[o.pair_id]`;

/**
 * Takes an escrow shard with due orders that no other batch is settling: the transaction's
 * advisory lock on it (until commit) keeps every other worker, in this process or another, off
 * its orders and its escrow and house rows, so concurrent batches never wait for each other.
 * Shards are tried in random order (shuffled here, so the query needs no sort and looks for due
 * orders only in the shards it tries, not in all 16 first: a settled shard's index entries stay
 * until a vacuum, which PGlite never runs, and each look walks past them). The candidates are a
 * MATERIALIZED CTE so that the lock is tried row by row on them and stops at the first it gets:
 * in a plain subquery PostgreSQL pushes the condition down and takes every shard's lock. Shards
 * in `exhausted` (settled through these marks earlier in the pass) are not looked at: the first
 * look after a shard's batch walks all its entries left behind, and a pass looked again at every
 * settled shard until it found a free one. Null: nothing due is free.
 */
export async function claimShard(
  tx: Tx,
  marks: number[],
  exhausted: ReadonlySet<number> = new Set(),
): Promise<number | null> {
  const shards = ESCROW_SHARDS.filter((s) => !exhausted.has(s));
  if (shards.length === 0) return null;
  for (let i = shards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [shards[i], shards[j]] = [shards[j]!, shards[i]!];
  }
  const [row] = await rowsOf(
    tx,
    sql`WITH c AS MATERIALIZED (
        SELECT s FROM unnest(${sql.param(shards)}::int[]) AS s
        WHERE EXISTS (SELECT 1 FROM micro_orders o WHERE (o.user_id % 16) = s AND ${dueWhere(marks)}))
      SELECT c.s FROM c WHERE pg_try_advisory_xact_lock(${SETTLING_SHARD_LOCK}, c.s) LIMIT 1`,
  );
  return row ? Number(row.s) : null;
}

/**
 * Up to `limit` due orders of `shard` in index order (shard, expiry, user, id). They come back as
 * ONE text value, not as rows: PGlite turns every value of every row into a JavaScript value one
 * by one, which cost several times the query itself for a batch of thousands of orders (and the
 * wire protocol's per-row framing on PostgreSQL); a single string is split at once. Numerics stay
 * their exact stored text; a null hold is 0 (hold ids start at 1).
 */
async function dueOrders(tx: Tx, shard: number, marks: number[], limit: number): Promise<Due[]> {
  const [row] = await rowsOf(
    tx,
    sql`SELECT string_agg(concat_ws(' ', o.id, o.user_id, o.pair_id, o.currency_id, o.type, o.stake, o.profit_ratio,
          o.open_price, o.end_at, coalesce(o.hold_id, 0), o.open_price_at, o.open_source), ' ' ORDER BY o.end_at, o.user_id, o.id) AS due
      FROM (SELECT * FROM micro_orders o
        WHERE (o.user_id % 16) = ${shard} AND ${dueWhere(marks)}
        ORDER BY (o.user_id % 16), o.end_at, o.user_id, o.id
        LIMIT ${limit}) o`,
  );
  const text = row?.due;
  if (typeof text !== 'string' || text === '') return [];
  const f = text.split(' ');
  const due: Due[] = [];
  for (let i = 0; i < f.length; i += DUE_FIELDS) {
    const holdId = Number(f[i + 9]);
    due.push({
      id: Number(f[i]),
      userId: Number(f[i + 1]),
      pairId: Number(f[i + 2]),
      currencyId: Number(f[i + 3]),
      type: Number(f[i + 4]) as MicroType,
      stake: f[i + 5]!,
      ratio: f[i + 6]!,
      openPrice: f[i + 7]!,
      endAt: Number(f[i + 8]),
      holdId: holdId === 0 ? null : holdId,
      openAt: Number(f[i + 10]),
      openSource: f[i + 11]!,
    });
  }
  return due;
}
const DUE_FIELDS = 12;

/** The open holds of the batch's orders accepted before the escrow, by id (their stakes are in them). */
async function openHolds(tx: Tx, due: Due[]): Promise<Map<number, Row>> {
  const legacy = due.filter((r) => r.holdId !== null);
  const holdOf = new Map<number, Row>();
  if (legacy.length > 0) {
    const holds = await rowsOf(
      tx,
      sql`SELECT id, amount, remaining FROM ledger_holds
          WHERE id = ANY(${sql.param(legacy.map((r) => r.holdId!))}::int[]) AND status = 'held'`,
    );
    for (const h of holds) holdOf.set(Number(h.id), h);
  }
  return holdOf;
}

/**
 * Posts one ledger transaction per kind the batch has orders of, summing each user's legs and the
 * shard's escrow and house legs, and closes the holds the stakes left.
 */
function postParts(
  batch: LedgerBatch,
  parts: Record<Kind, Part>,
  currencyId: number,
  shard: number,
): Map<Kind, PendingTx> {
  const txOf = new Map<Kind, PendingTx>();
  for (const kind of KINDS) {
    const part = parts[kind];
    if (part.orders === 0) continue;
    const entries: BatchEntry[] = [];
    for (const own of part.accounts.values()) {
      entries.push({ account: own.account, bucket: 'held', amount: -own.held });
      entries.push({ account: own.account, bucket: 'available', amount: own.payouts });
    }
    entries.push({ account: escrowAccount(currencyId, shard), bucket: 'available', amount: -part.escrow });
    entries.push({ account: systemAccount('house', currencyId, shard), bucket: 'available', amount: part.house });
    const posted = batch.post({ kind, userId: null, entries, meta: { orders: part.orders, shard } });
    txOf.set(kind, posted);
    for (const hold of part.holds) {
      // The stakes left their holds in this transaction (one entry per account for all of them).
      hold.lastTx = posted;
      batch.close(hold, kind === 'micro_settle' ? 'posted' : 'released');
    }
  }
  return txOf;
}

/**
 * The one statement that marks the batch's orders settled, each with its group's values. The
 * shard and due conditions change nothing (every order of the batch meets them) but let the
 * planner find the batch's rows in the shard's range of the due index: given only the id and the
 * status, with a guess of how many orders are holding as old as the last ANALYZE (never, on
 * PGlite), it hashed every holding order, or scanned the whole due index, per batch.
 */
function settledUpdate(
  w: { groups: Settlement[]; txOf: Map<Kind, PendingTx>; ids: number[]; groupOf: number[] },
  now: Date,
  shard: number,
  marks: number[],
) {
  const { groups, txOf, ids, groupOf } = w;
  const at = now.toISOString();
  // Per order only its id and its group travel (groups are numbered from 1, as arrays count);
  // the written values are looked up in the groups' arrays. Sending every order's values cost
  // the parsing of thousands of numerics per batch.
  return sql`UPDATE micro_orders AS o SET status = 'settled',
        result = (${sql.param(groups.map((g) => g.result))}::varchar[])[v.g],
        end_price = (${sql.param(groups.map((g) => g.endPrice))}::numeric[])[v.g],
        end_price_at = (${sql.param(groups.map((g) => g.endAt))}::bigint[])[v.g],
        end_source = (${sql.param(groups.map((g) => g.endSource))}::varchar[])[v.g],
        payout = (${sql.param(groups.map((g) => g.payout))}::numeric[])[v.g],
        profit = (${sql.param(groups.map((g) => g.profit))}::numeric[])[v.g],
        settle_tx_id = (${sql.param(groups.map((g) => txOf.get(g.kind)!.id))}::bigint[])[v.g],
        settled_at = ${at}::timestamptz
      FROM unnest(${sql.param(ids)}::bigint[], ${sql.param(groupOf)}::int[]) AS v(id, g)
      WHERE o.id = v.id AND o.status = 'holding' AND (o.user_id % 16) = ${shard} AND ${dueWhere(marks)}
      RETURNING o.id`;
}

/**
 * Settles up to `limit` due orders of one escrow shard in ONE transaction and returns them (none:
 * nothing due is left that another batch is not settling). Due: holding, and expired no later
 * than its pair's mark. The shard is claimed by an advisory lock (`claimShard`), so concurrent
 * workers (other processes on the same PostgreSQL) take disjoint orders; the orders are marked
 * settled by an update conditional on `holding` whose row count must match, so an order is
 * settled once or the transaction rolls back. The settlement price is the last recorded trade at
 * or before the expiry; the outcome is `outcome()` of the stored prices. The batch posts one
 * ledger transaction per kind (`micro_settle` for wins and losses, `micro_refund` for ties and
 * voids): per user account the payouts into available (summed over the user's orders of the
 * batch, which takes one expiry's orders user by user), the stakes out of the shard's escrow and
 * the house's side on the same shard, all summed; each order names the transaction
 * (`settle_tx_id`). An order accepted before the escrow still has its stake in a hold on the
 * user's micro account: its stake leaves held in the same transaction and the hold is closed by
 * it. Transactions, entries, balances, holds and orders are written as one statement
 * (`LedgerBatch`, as the trading core's group commit).
 */
export async function settleBatch(db: Db, input: SettleBatchInput): Promise<SettledOrder[]> {
  if (input.marks.size === 0) return [];
  const pairs = [...input.marks.keys()];
  const marks = Array.from({ length: Math.max(...pairs) }, (_, i) => input.marks.get(i + 1) ?? 0);
  let drained: number | undefined;
  const settled = await inTransaction(db, async (tx) => {
    drained = undefined;
    const shard = await claimShard(tx, marks, input.exhausted);
    if (shard === null) return [];
    // The shard's due orders in index order (shard, expiry, user, id); the scan stops at `limit`.
    const due = await dueOrders(tx, shard, marks, input.limit);
    // Fewer than asked: nothing else of the shard is due at these marks (orders accepted now
    // expire later), once this transaction commits.
    drained = due.length < input.limit ? shard : undefined;
    if (due.length === 0) return [];
    const holdOf = await openHolds(tx, due);
    const wanted = new Map<string, { pairId: number; t: number }>();
    for (const r of due) {
      const w = { pairId: r.pairId, t: r.endAt };
      wanted.set(`${w.pairId}|${w.t}`, w);
    }
    const prices = await pricesAt(tx, [...wanted.values()]);
    // A batch's orders share a few inputs (an expiry's price per pair, a few stakes, ratios and entry
    // prices): the outcome of each distinct set of inputs is computed once (`outcome` is pure), each
    // distinct amount parsed once, and the orders are written by the group of values they get.
    const units = new Map<string, bigint>();
    const unitsOf = (amount: string) => {
      let u = units.get(amount);
      if (u === undefined) units.set(amount, (u = toUnits(amount)));
      return u;
    };
    const batch = new LedgerBatch(input.at);
    const settled: SettledOrder[] = [];
    const profits: string[] = [];
    const ids: number[] = [];
    const groupOf: number[] = [];
    const groups: Settlement[] = [];
    const groupIndex = new Map<string, number>();
    const decided = new Map<string, Decided>();
    const parts: Record<Kind, Part> = {
      micro_settle: { accounts: new Map(), holds: [], escrow: 0n, house: 0n, orders: 0 },
      micro_refund: { accounts: new Map(), holds: [], escrow: 0n, house: 0n, orders: 0 },
    };
    const currencies = new Set<number>();
    for (const r of due) {
      const { id, userId, pairId, currencyId, endAt, stake } = r;
      currencies.add(currencyId);
      const inputs = `${pairId} ${endAt} ${r.type} ${r.openPrice} ${stake} ${r.ratio}`;
      let d = decided.get(inputs);
      if (!d) {
        const recorded: RecordedPrice | undefined = prices.get(`${pairId}|${endAt}`);
        const live = recorded && recorded.ts > endAt - input.staleMs ? recorded : undefined;
        const o = outcome(r.type, r.openPrice, live?.price ?? null, stake, r.ratio);
        const kind: Kind = o.result === 'win' || o.result === 'loss' ? 'micro_settle' : 'micro_refund';
        const g: Settlement = {
          result: o.result,
          endPrice: live?.price ?? null,
          endAt: live?.ts ?? null,
          endSource: live?.source ?? null,
          payout: o.payout,
          profit: o.profit,
          kind,
        };
        const written = `${g.result} ${g.endPrice} ${g.endAt} ${g.endSource} ${g.payout} ${g.profit} ${kind}`;
        let group = groupIndex.get(written);
        if (group === undefined) {
          group = groups.push(g);
          groupIndex.set(written, group);
        }
        d = { result: o.result, kind, profit: o.profit, stake: unitsOf(stake), payout: unitsOf(o.payout), group };
        decided.set(inputs, d);
      }
      const part = parts[d.kind];
      let own = part.accounts.get(userId);
      if (!own) {
        own = { account: userAccount(userId, currencyId, 'micro'), held: 0n, payouts: 0n };
        part.accounts.set(userId, own);
      }
      own.payouts += d.payout;
      if (r.holdId === null) {
        part.escrow += d.stake;
      } else {
        // Accepted before the escrow: the stake is in a hold on the user's micro account.
        const h = holdOf.get(r.holdId);
        // An open order's stake is always in an open hold; anything else is a bug, not an outcome.
        if (!h) throw new Error(`seconds order ${id} has no open hold`);
        const hold = batch.existingHold(r.holdId, own.account, toUnits(String(h.amount)), toUnits(String(h.remaining)));
        batch.spend(hold, d.stake);
        own.held += d.stake;
        part.holds.push(hold);
      }
      // The house receives a lost stake and pays a win's profit.
      part.house += d.stake - d.payout;
      part.orders += 1;
      ids.push(id);
      groupOf.push(d.group);
      profits.push(d.profit);
      settled.push({ id, userId, pairId, result: d.result });
    }
    // Stakes are in one currency (STAKE_CURRENCIES); the summed escrow and house legs rely on it.
    if (currencies.size !== 1) throw new Error(`seconds orders of a batch in ${currencies.size} currencies`);
    const [currencyId] = currencies;
    const txOf = postParts(batch, parts, currencyId!, shard);
    const ledger = await batch.prepare(tx);
    const update = settledUpdate({ groups, txOf, ids, groupOf }, input.at, shard, marks);
    const updated = await runTogether(tx, ledger, update);
    if (updated !== due.length) {
      throw new Error(`settled ${updated} of ${due.length} seconds orders: another worker took some`);
    }
    // One push outbox insert for the whole batch, committed with the settlement.
    await notifySecondsSettled(tx, settled, profits, currencyId!, input.at);
    // The public record of every order settled, last: its lock serializes only this insert.
    await appendRecords(tx, settlementRecords(due, groupOf, groups, input));
    return settled;
  });
  if (drained !== undefined) input.exhausted?.add(drained);
  return settled;
}

/** The expiry of the oldest order not yet settled (null: none): the first of each shard's due index. */
export async function oldestUnsettledExpiry(db: Db): Promise<number | null> {
  const [row] = (
    (await db.execute(sql`SELECT min(f.end_at) AS t FROM unnest(${sql.param(ESCROW_SHARDS)}::int[]) AS s
      CROSS JOIN LATERAL (SELECT o.end_at FROM micro_orders o WHERE (o.user_id % 16) = s AND o.status = 'holding'
        ORDER BY (o.user_id % 16), o.end_at LIMIT 1) f`)) as unknown as {
      rows: Row[];
    }
  ).rows;
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}
