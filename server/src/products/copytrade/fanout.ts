/**
 * The copy fan-out: a trader's open becomes one futures position per active follow, a trader's
 * close closes every open copy of it, at the trader's price. Followers are taken in chunks, one
 * transaction per chunk: the ledger movements of the whole chunk are computed in memory and
 * written as a few multi-row statements (`LedgerBatch`, as the seconds settlement does), so 1,000
 * followers cost a handful of transactions, not 1,000.
 *
 * Lock order, the same as a follower's own futures open and close: the pair and side's exposure
 * lock (opens), then positions by id (closes), then every ledger account of the chunk in one
 * statement in key order (users, and the fees, house and insurance shards their postings use).
 *
 * Each copy pays its own margin (a hold in the follower's lever account) and open fee, in one ledger
 * transaction per copy (kind `lever_open`): the follower's entries are those of the two
 * transactions of `/lever/submit`'s market open, in the same order.
 * A follower who cannot is recorded as skipped; nothing of theirs is written and the others go on.
 */
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { CURRENCY_IDS } from '@contract/domain/instruments';
import type { SkipReason } from '@contract/copytrade';
import type { Db } from '../../db/client';
import { copyTrades, follows, leverPositions, type FollowRow } from '../../db/schema/index';
import { LedgerBatch, toUnits, type BatchHold } from '../../ledger/batch';
import { shardFor } from '../../ledger/shards';
import { inTransaction } from '../../ledger/transaction';
import { systemAccount, userAccount, type AccountRef, type Tx } from '../../ledger/types';
import { D, settle, utcDay } from '../../positions/math';
import { termsOf, type FuturesTerms } from '../../positions/terms';
import { announcePositions, exposure, lockExposure, type PositionRow } from '../../positions/repo';
import { instrumentOf, openingOf } from '../../positions/service';
import { copyCloseRecord } from '../../positions/records';
import { appendRecords } from '../../settlement-record/index';
import { copyLots } from './size';
import { rows, runTogether } from '../../db/rows';

const USDT = CURRENCY_IDS.USDT;
/**
 * Followers per transaction: large enough to amortise a transaction (on PGlite every statement
 * runs serially, so 1,000 followers in one chunk cost half the statements of two), small enough to
 * hold the accounts' locks briefly.
 */
export const CHUNK = 1000;

const lever = (userId: number): AccountRef => userAccount(userId, USDT, 'lever');
const system = (name: 'fees' | 'house' | 'insurance', userId: number): AccountRef =>
  systemAccount(name, USDT, shardFor(userId));
const plain = (v: Decimal.Value) => new D(v).toFixed();

export interface OpenResult {
  copies: PositionRow[];
  skipped: { followId: number; userId: number; reason: SkipReason }[];
  /** More follows than the chunk were waiting: another chunk follows. */
  more?: boolean;
}

/**
 * Copies an open trader position to every active follow that has no record of it yet (followed
 * before it opened). `missed`: record them all as skipped `missed` instead (after a restart, when
 * the trader's price is no longer the market's). Nothing when the trader's position is not open.
 */
export async function copyOpen(db: Db, traderPositionId: number, now: Date, missed = false): Promise<OpenResult> {
  const result: OpenResult = { copies: [], skipped: [] };
  for (;;) {
    const done = await inTransaction(db, (tx) => copyOpenChunk(tx, traderPositionId, now, missed));
    result.copies.push(...done.copies);
    result.skipped.push(...done.skipped);
    if (!done.more) return result;
  }
}

async function copyOpenChunk(tx: Tx, traderPositionId: number, now: Date, missed: boolean): Promise<OpenResult> {
  const none: OpenResult = { copies: [], skipped: [] };
  const [trader] = await tx.select().from(leverPositions).where(eq(leverPositions.id, traderPositionId));
  if (!trader || trader.status !== 'open' || trader.openedAt === null) return none;
  const inst = instrumentOf(trader.pairId);
  const terms = termsOf(inst);
  if (!terms) return none;
  // The exposure lock first, as every futures open takes it: the house's cap holds for copies too.
  await lockExposure(tx, trader.pairId, trader.side);
  const pending = await rows(
    tx,
    sql`SELECT f.* FROM follows f
      WHERE f.trader_id = ${trader.userId} AND f.state = 'following' AND f.created_at <= ${trader.openedAt.toISOString()}::timestamptz
        AND f.id NOT IN (SELECT c.follow_id FROM copy_trades c WHERE c.trader_position_id = ${trader.id})
      ORDER BY f.id LIMIT ${CHUNK + 1}`,
  );
  // `NOT IN`: one hashed pass over the position's records. As `NOT EXISTS`, without statistics
  // (PGlite never analyzes) the planner rescanned them per follow: quadratic, 0.9 s at 500 records.
  // One more than the chunk says whether another chunk is needed, without a transaction to find none.
  const more = pending.length > CHUNK;
  const chunk = pending.slice(0, CHUNK).map(followOf);
  if (chunk.length === 0) return none;

  const records: (typeof copyTrades.$inferInsert)[] = [];
  const skip = (f: FollowRow, reason: SkipReason, lots: number) => {
    records.push(record(f, trader, lots, null, 'skipped', reason, '0', now));
  };
  if (missed) {
    for (const f of chunk) skip(f, 'missed', copyLots(f.type, f.number, trader.lots));
    await tx.insert(copyTrades).values(records);
    return {
      copies: [],
      skipped: chunk.map((f) => ({ followId: f.id, userId: f.followerId, reason: 'missed' })),
      more,
    };
  }

  const used = await marginInOpenCopies(
    tx,
    chunk.filter((f) => f.maxAmount !== null).map((f) => f.id),
  );
  let left = new D(terms.houseCap).minus(await exposure(tx, trader.pairId, trader.side));

  const plans: Plan[] = [];
  const opening = once((lots: number) => openingOf(terms, inst, trader.side, trader.entryPrice, lots, trader.leverage));
  for (const f of chunk) {
    const lots = copyLots(f.type, f.number, trader.lots);
    if (lots < 1) {
      skip(f, 'zero_lots', lots);
      continue;
    }
    if (lots < terms.minLots || lots > terms.maxLots) {
      skip(f, 'share_range', lots);
      continue;
    }
    const o = opening(lots);
    if (f.maxAmount !== null && (used.get(f.id) ?? new D(0)).plus(o.margin).gt(f.maxAmount)) {
      skip(f, 'amount_cap', lots);
      continue;
    }
    if (o.notional.gt(left)) {
      skip(f, 'house_cap', lots);
      continue;
    }
    left = left.minus(o.notional);
    plans.push({ f, lots, o });
  }

  const batch = new LedgerBatch(now);
  await batch.lock(
    tx,
    plans.flatMap((p) => [lever(p.f.followerId), system('fees', p.f.followerId)]),
  );
  const opened: { plan: Plan; hold: BatchHold }[] = [];
  const meta = { symbol: inst.symbol, side: trader.side, leverage: trader.leverage, copy_of: trader.id };
  for (const plan of plans) {
    const userId = plan.f.followerId;
    const margin = toUnits(plan.o.margin.toFixed());
    const fee = toUnits(plan.o.fee.toFixed());
    if (batch.available(lever(userId)) < margin + fee) {
      skip(plan.f, 'insufficient_balance', plan.lots);
      continue;
    }
    // The margin hold and the fee in one transaction: the follower's entries (their records) are
    // those of `/lever/submit`'s two, in the same order, with one transaction row fewer per copy.
    const hold = batch.hold(lever(userId), margin, { kind: 'lever_open', userId, meta: { ...meta, lots: plan.lots } }, [
      { account: lever(userId), bucket: 'available', amount: -fee },
      { account: system('fees', userId), bucket: 'available', amount: fee },
    ]);
    opened.push({ plan, hold });
  }
  const ledger = await batch.prepare(tx);

  // Ids first, so the positions, their copy records and the ledger go in one statement.
  const ids = opened.length === 0 ? [] : await nextIds(tx, 'lever_positions', opened.length);
  const day = utcDay(now.getTime());
  const copies: PositionRow[] = opened.map(({ plan, hold }, i) =>
    copyPosition(trader, plan, terms, { id: ids[i]!, marginHoldId: hold.id, day, now }),
  );
  copies.forEach((row, i) => {
    const { plan } = opened[i]!;
    records.push(record(plan.f, trader, plan.lots, row.id, 'copied', null, plan.o.margin.toFixed(), now));
  });
  const statements = [...ledger];
  if (copies.length > 0) statements.push(insertPositions(copies, now));
  statements.push(insertRecords(records, now));
  await runTogether(tx, statements);
  // Every process's futures engine indexes the copies (their own liquidation applies to them).
  await announcePositions(tx, ids);
  return {
    copies,
    skipped: records
      .filter((r) => r.state === 'skipped')
      .map((r) => ({ followId: r.followId, userId: r.followerId, reason: r.skipReason! })),
    more,
  };
}

/** A follow the chunk can copy: its lots and the figures of an open of that size. */
interface Plan {
  f: FollowRow;
  lots: number;
  o: ReturnType<typeof openingOf>;
}

/** The follower's position row of one copy: the trader's pair, side, price and leverage at the follower's size. */
function copyPosition(
  trader: PositionRow,
  plan: Plan,
  terms: FuturesTerms,
  at: { id: PositionRow['id']; marginHoldId: PositionRow['marginHoldId']; day: PositionRow['overnightDay']; now: Date },
): PositionRow {
  return {
    id: at.id,
    userId: plan.f.followerId,
    pairId: trader.pairId,
    side: trader.side,
    orderType: 1,
    status: 'open',
    lots: plan.lots,
    quantity: plan.o.qty.toFixed(),
    leverage: trader.leverage,
    entryPrice: trader.entryPrice,
    limitPrice: null,
    initialMargin: plan.o.margin.toFixed(),
    margin: plan.o.margin.toFixed(),
    openFee: plan.o.fee.toFixed(),
    closeFee: '0',
    overnightFee: '0',
    feeRate: terms.feeRate,
    maintenanceRate: terms.maintenanceRate,
    overnightRate: terms.overnightRate,
    liquidationPrice: plan.o.liq.toFixed(),
    takeProfit: null,
    stopLoss: null,
    trailPercent: null,
    trailDistance: null,
    trailBestPrice: null,
    trailSetAt: null,
    marginHoldId: at.marginHoldId,
    feeHoldId: null,
    overnightDay: at.day,
    closePrice: null,
    closePriceAt: null,
    closeSource: null,
    closeReason: null,
    closedAfterRestart: false,
    pnl: null,
    returned: null,
    createdAt: at.now,
    openedAt: at.now,
    closedAt: null,
  };
}

/** The margin each follow has in open copies now, for the follows with an amount cap (only it counts). */
async function marginInOpenCopies(tx: Tx, followIds: number[]): Promise<Map<number, Decimal>> {
  if (followIds.length === 0) return new Map();
  const used = await rows<{ follow_id: number; used: string }>(
    tx,
    sql`SELECT c.follow_id, sum(c.margin) AS used FROM copy_trades c
      JOIN lever_positions p ON p.id = c.position_id
      WHERE c.follow_id = ANY(${sql.param(followIds)}::int[]) AND c.state = 'copied' AND p.status = 'open'
      GROUP BY c.follow_id`,
  );
  return new Map(used.map((r) => [Number(r.follow_id), new D(r.used)]));
}

/** `fn` computed once per argument (the many copies of one trader position share their figures). */
function once<K, V>(fn: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (!known.has(key)) known.set(key, fn(key));
    return known.get(key)!;
  };
}

async function nextIds(tx: Tx, table: string, n: number): Promise<number[]> {
  const [got] = await rows<{ ids: (string | number)[] }>(
    tx,
    sql`SELECT array_agg(nextval(pg_get_serial_sequence(${table}, 'id'))) AS ids
    FROM generate_series(1, ${n}::int)`,
  );
  return got!.ids.map(Number).sort((x, y) => x - y);
}

/** New copies (market opens at the trader's price) as one multi-row insert. */
function insertPositions(rows: PositionRow[], now: Date) {
  const col = <T>(f: (r: PositionRow) => T) => sql.param(rows.map(f));
  const first = rows[0]!;
  const at = now.toISOString();
  return sql`INSERT INTO lever_positions (id, user_id, pair_id, side, order_type, status, lots, quantity, leverage,
      entry_price, initial_margin, margin, open_fee, fee_rate, maintenance_rate, overnight_rate, liquidation_price,
      margin_hold_id, overnight_day, created_at, opened_at)
    SELECT v.id, v.user_id, ${first.pairId}::int, ${first.side}::smallint, 1::smallint, 'open', v.lots, v.quantity,
      ${first.leverage}::int, ${first.entryPrice}::numeric, v.margin, v.margin, v.fee, ${first.feeRate}::numeric,
      ${first.maintenanceRate}::numeric, ${first.overnightRate}::numeric, v.liq, v.hold, ${first.overnightDay}::int,
      ${at}::timestamptz, ${at}::timestamptz
    FROM unnest(${col((r) => r.id)}::int[], ${col((r) => r.userId)}::int[], ${col((r) => r.lots)}::int[],
      ${col((r) => r.quantity)}::numeric[], ${col((r) => r.margin)}::numeric[], ${col((r) => r.openFee)}::numeric[],
      ${col((r) => r.liquidationPrice)}::numeric[], ${col((r) => r.marginHoldId)}::int[])
      AS v(id, user_id, lots, quantity, margin, fee, liq, hold)
    RETURNING id`;
}

/** Copy records (made and skipped) as one multi-row insert; the unique index refuses a second copy. */
function insertRecords(records: (typeof copyTrades.$inferInsert)[], now: Date) {
  const col = <T>(f: (r: typeof copyTrades.$inferInsert) => T) => sql.param(records.map(f));
  return sql`INSERT INTO copy_trades (follow_id, follower_id, trader_id, trader_position_id, position_id, state,
      skip_reason, trader_lots, lots, margin, created_at)
    SELECT *, ${now.toISOString()}::timestamptz FROM unnest(${col((r) => r.followId)}::int[],
      ${col((r) => r.followerId)}::int[], ${col((r) => r.traderId)}::int[], ${col((r) => r.traderPositionId)}::int[],
      ${col((r) => r.positionId ?? null)}::int[], ${col((r) => r.state)}::varchar[],
      ${col((r) => r.skipReason ?? null)}::varchar[], ${col((r) => r.traderLots)}::int[], ${col((r) => r.lots)}::int[],
      ${col((r) => r.margin)}::numeric[])
    RETURNING id`;
}

function record(
  f: FollowRow,
  trader: PositionRow,
  lots: number,
  positionId: number | null,
  state: 'copied' | 'skipped',
  skipReason: SkipReason | null,
  margin: string,
  now: Date,
): typeof copyTrades.$inferInsert {
  return {
    followId: f.id,
    followerId: f.followerId,
    traderId: trader.userId,
    traderPositionId: trader.id,
    positionId,
    state,
    skipReason,
    traderLots: trader.lots,
    lots: Math.max(0, lots),
    margin,
    createdAt: now,
  };
}

/** A `follows` row read with raw SQL. */
function followOf(r: Record<string, unknown>): FollowRow {
  return {
    id: Number(r.id),
    followerId: Number(r.follower_id),
    traderId: Number(r.trader_id),
    type: Number(r.type) as 1 | 2,
    number: String(r.number),
    maxAmount: r.max_amount === null ? null : String(r.max_amount),
    state: r.state as FollowRow['state'],
    createdAt: new Date(String(r.created_at)),
    updatedAt: new Date(String(r.updated_at)),
    cancelledAt: r.cancelled_at === null ? null : new Date(String(r.cancelled_at)),
  };
}

/**
 * Closes every open copy of a closed trader position at the trader's close price, for the same
 * reason (a trader's liquidation liquidates the copies: what is left of each margin goes to the
 * insurance fund, as for the trader). Each copy's margin hold is spent as `closeAt` spends it.
 * Each chunk is one record of the settlement record, a leaf per copy (`positions/records.ts`).
 */
export async function copyClose(db: Db, traderPositionId: number, now: Date): Promise<PositionRow[]> {
  const closed: PositionRow[] = [];
  for (;;) {
    const done = await inTransaction(db, (tx) => copyCloseChunk(tx, traderPositionId, now));
    closed.push(...done.closed);
    if (!done.more) return closed;
  }
}

async function copyCloseChunk(
  tx: Tx,
  traderPositionId: number,
  now: Date,
): Promise<{ closed: PositionRow[]; more: boolean }> {
  const [trader] = await tx.select().from(leverPositions).where(eq(leverPositions.id, traderPositionId));
  if (!trader || trader.status !== 'closed' || trader.closePrice === null || trader.closeReason === null) {
    return { closed: [], more: false };
  }
  const price = trader.closePrice;
  const reason = trader.closeReason;
  // Copies close on the trader's tick: the same price, feed time and feed are recorded.
  const priceAt = trader.closePriceAt;
  const source = trader.closeSource;
  // Positions first (by id, as a single close locks its row before the ledger), then their links
  // read afresh: a copy turned into self-holding meanwhile is left alone.
  // The trader position's records (its index), then the positions by key: two plain index scans
  // (as one join, without statistics, the planner rescanned the records per position).
  const linked = (await tx.execute(sql`SELECT c.position_id FROM copy_trades c
      WHERE c.trader_position_id = ${trader.id} AND c.state = 'copied'`)) as unknown as {
    rows: { position_id: number }[];
  };
  if (linked.rows.length === 0) return { closed: [], more: false };
  // The ids as one array parameter: as a list of 1,000 parameters, each read cost several times more.
  const locked = await tx
    .select()
    .from(leverPositions)
    .where(
      and(
        sql`${leverPositions.id} = ANY(${sql.param(linked.rows.map((r) => Number(r.position_id)))}::int[])`,
        eq(leverPositions.status, 'open'),
      ),
    )
    .orderBy(leverPositions.id)
    .limit(CHUNK + 1)
    .for('update');
  // One more than the chunk (locked until commit, closed by the next chunk) says whether one is needed.
  const more = locked.length > CHUNK;
  const chunk = locked.slice(0, CHUNK);
  if (chunk.length === 0) return { closed: [], more: false };
  const stillCopies = (await tx.execute(sql`SELECT c.position_id FROM copy_trades c
      WHERE c.position_id = ANY(${sql.param(chunk.map((r) => r.id))}::int[]) AND c.state = 'copied'`)) as unknown as {
    rows: { position_id: number }[];
  };
  const keep = new Set(stillCopies.rows.map((r) => Number(r.position_id)));
  const rows = chunk.filter((r) => keep.has(r.id));
  if (rows.length === 0) return { closed: [], more };
  const holdRows = (await tx.execute(sql`SELECT id, amount, remaining FROM ledger_holds
      WHERE id = ANY(${sql.param(rows.map((r) => r.marginHoldId))}::int[]) AND status = 'held'`)) as unknown as {
    rows: { id: number; amount: string; remaining: string }[];
  };
  const holds = new Map(holdRows.rows.map((h) => [Number(h.id), h]));

  const liquidation = reason === 'liquidation';
  const batch = new LedgerBatch(now);
  await batch.lock(
    tx,
    rows.flatMap((r) => [
      lever(r.userId),
      system('fees', r.userId),
      system('house', r.userId),
      system('insurance', r.userId),
    ]),
  );
  // Copies of one size settle alike: each distinct (side, entry, quantity, margin, rate) once.
  const settled = once((key: string) => {
    const [side, entry, qty, margin, feeRate] = key.split('|') as [string, string, string, string, string];
    const s = settle({ side: Number(side) as 1 | 2, entry, price, qty, margin, feeRate, liquidation });
    const text = { pnl: s.pnl.toFixed(), fee: s.closeFee.toFixed(), returned: s.returned.toFixed() };
    const units = {
      returned: toUnits(text.returned),
      fee: toUnits(text.fee),
      house: toUnits(s.house.neg().toFixed()),
      insurance: toUnits(s.insurance.toFixed()),
    };
    return { text, units };
  });
  const priceText = plain(price);
  const col = { id: [] as number[], pnl: [] as string[], fee: [] as string[], returned: [] as string[] };
  for (const row of rows) {
    const h = holds.get(row.marginHoldId);
    // An open position's margin is always in an open hold; anything else is a bug.
    if (!h) throw new Error(`copy position ${row.id} has no open margin hold`);
    const { text, units } = settled(`${row.side}|${row.entryPrice}|${row.quantity}|${h.remaining}|${row.feeRate}`);
    const remaining = toUnits(h.remaining);
    const hold = batch.existingHold(row.marginHoldId, lever(row.userId), toUnits(h.amount), remaining);
    batch.post({
      kind: liquidation ? 'lever_liquidation' : 'lever_close',
      userId: row.userId,
      meta: { position: row.id, price: priceText, reason, copy_of: trader.id },
      entries: [
        batch.spend(hold, remaining),
        { account: lever(row.userId), bucket: 'available', amount: units.returned },
        { account: system('fees', row.userId), bucket: 'available', amount: units.fee },
        { account: system('house', row.userId), bucket: 'available', amount: units.house },
        { account: system('insurance', row.userId), bucket: 'available', amount: units.insurance },
      ],
    });
    batch.close(hold, 'posted');
    col.id.push(row.id);
    col.pnl.push(text.pnl);
    col.fee.push(text.fee);
    col.returned.push(text.returned);
  }
  const ledger = await batch.prepare(tx);
  const update = sql`UPDATE lever_positions AS p SET status = 'closed', close_price = ${price}::numeric,
        close_price_at = ${priceAt}::bigint, close_source = ${source}, close_reason = ${reason}, closed_at = ${now.toISOString()}::timestamptz, pnl = v.pnl, close_fee = v.fee,
        returned = v.returned
      FROM unnest(${sql.param(col.id)}::int[], ${sql.param(col.pnl)}::numeric[], ${sql.param(col.fee)}::numeric[],
        ${sql.param(col.returned)}::numeric[]) AS v(id, pnl, fee, returned)
      WHERE p.id = v.id AND p.status = 'open'
      RETURNING p.id`;
  if ((await runTogether(tx, ledger, update)) !== col.id.length) throw new Error('a copy changed under its lock');
  await announcePositions(tx, col.id);
  const closed: PositionRow[] = rows.map((row, i) => ({
    ...row,
    status: 'closed',
    closePrice: price,
    closePriceAt: priceAt,
    closeSource: source,
    closeReason: reason,
    closedAt: now,
    pnl: col.pnl[i]!,
    closeFee: col.fee[i]!,
    returned: col.returned[i]!,
  }));
  // The chunk's record (a leaf per copy, with the margin its hold settled), as its last step.
  const settledMargins = closed.map((row) => ({ row, margin: holds.get(row.marginHoldId)!.remaining }));
  await appendRecords(tx, [copyCloseRecord(trader, settledMargins)]);
  return { closed, more };
}

/** Followers of a trader now (for the event and tests). */
export async function activeFollows(db: Db | Tx, traderId: number): Promise<FollowRow[]> {
  return db
    .select()
    .from(follows)
    .where(and(eq(follows.traderId, traderId), eq(follows.state, 'following')));
}
