import { sql } from 'drizzle-orm';
import type { MarketSource } from '@contract/market';
import type { Db } from '../db/client';
import { fromUnits, toUnits } from '../ledger/batch';
import type { Tx } from '../ledger/types';
import type { Instrument } from './catalog';
import type { FeedTrade } from './feed';
import type { MarketRuntime } from './runtime';
import { rows as rowsOf } from '../db/rows';

/**
 * The price record (table `price_seconds`): the market feed's last trade of each pair in each
 * second, so a price "at time T" can be read back after the fact — seconds-contract settlement
 * (also of orders that expired while the server was down) and, later, dual investment. Only feed
 * trades enter it, written by the process that runs the feed (the publisher, with several). Rows are kept for `retentionMs` (an hour) and as long
 * as `keepFrom` says a reader still needs them (the oldest unsettled expiry), so the table stays
 * small (a row a second per pair) however long the server runs, and no pending read loses its row
 * to pruning, not even after a long downtime.
 *
 * Trades are collected in memory as the runtime applies them (`onTrade`) and written once a second
 * (after each pump) as one statement. A second's row holds its last trade: row `second` covers
 * `second - 1000 < ts <= second`, so the last trade at or before a whole second T is the row with
 * the highest `second <= T`.
 *
 * `recordedThrough(pair)` says up to when the stored record is final: no trade at or before that
 * time is still to arrive or to be written. A pulled feed (the simulation) has emitted every trade
 * up to the pump's time; a pushed feed (the exchange's stream, in time order per pair) has sent
 * every trade before its latest one. The mark moves only after the rows up to it are committed.
 */

export interface RecordedPrice {
  price: string;
  /** The trade's feed time (epoch ms). */
  ts: number;
  source: MarketSource;
}

export const SECOND_MS = 1000;
export const PRICE_RETENTION_MS = 3_600_000;
const PRUNE_EVERY_MS = 600_000;
/** Seconds per pair a process that follows keeps until the publisher says they are stored. */
const FOLLOWER_KEEPS = 600;

/** The record row a trade at `ts` belongs to: the whole second at or after it. */
export const secondOf = (ts: number): number => Math.ceil(ts / SECOND_MS) * SECOND_MS;

/**
 * The last stored trade at or before each `(pairId, t)`; `t` is taken to its whole second
 * (rounded down), the record's resolution. Keyed `${pairId}|${t}`; absent when none is stored.
 */
export async function pricesAt(
  db: Db | Tx,
  wanted: readonly { pairId: number; t: number }[],
): Promise<Map<string, RecordedPrice>> {
  const out = new Map<string, RecordedPrice>();
  if (wanted.length === 0) return out;
  const found = await rowsOf(
    db,
    sql`SELECT v.pair_id, v.t, p.price, p.ts, p.source
      FROM unnest(${sql.param(wanted.map((w) => w.pairId))}::int[], ${sql.param(wanted.map((w) => w.t))}::bigint[]) AS v(pair_id, t)
      CROSS JOIN LATERAL (SELECT price, ts, source FROM price_seconds
        WHERE pair_id = v.pair_id AND second <= v.t - (v.t % 1000) ORDER BY second DESC LIMIT 1) p`,
  );
  for (const r of found) {
    out.set(`${Number(r.pair_id)}|${Number(r.t)}`, {
      price: fromUnits(toUnits(String(r.price))),
      ts: Number(r.ts),
      source: r.source as MarketSource,
    });
  }
  return out;
}

/** The last stored trade of `pairId` at or before `t` (see `pricesAt`). */
export async function priceAt(db: Db | Tx, pairId: number, t: number): Promise<RecordedPrice | undefined> {
  return (await pricesAt(db, [{ pairId, t }])).get(`${pairId}|${t}`);
}

/** Writes record rows; a row already there keeps the later trade of its second. */
export async function writePrices(
  db: Db | Tx,
  rows: readonly ({ pairId: number; second: number } & RecordedPrice)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`INSERT INTO price_seconds (pair_id, second, price, ts, source)
    SELECT * FROM unnest(${sql.param(rows.map((r) => r.pairId))}::int[], ${sql.param(rows.map((r) => r.second))}::bigint[],
      ${sql.param(rows.map((r) => r.price))}::numeric[], ${sql.param(rows.map((r) => r.ts))}::bigint[],
      ${sql.param(rows.map((r) => r.source))}::varchar[])
    ON CONFLICT (pair_id, second) DO UPDATE SET price = excluded.price, ts = excluded.ts, source = excluded.source
      WHERE excluded.ts >= price_seconds.ts`);
}

/** Deletes rows older than `before` (epoch ms) of the given pairs; returns how many. */
export async function prunePrices(db: Db, pairIds: readonly number[], before: number): Promise<number> {
  const res = (await db.execute(sql`DELETE FROM price_seconds
    WHERE pair_id = ANY(${sql.param([...pairIds])}::int[]) AND second < ${before}`)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return Number(res.rowCount ?? res.affectedRows ?? 0);
}

export interface PriceHistory {
  /** The feed's latest trade of the pair this process has seen (stored within a second). */
  last(pairId: number): RecordedPrice | undefined;
  /** The time through which the stored record of the pair is final (0: not yet). */
  recordedThrough(pairId: number): number;
  /** The last stored trade at or before `t` (whole seconds; see `pricesAt`). */
  at(pairId: number, t: number): Promise<RecordedPrice | undefined>;
  /** Writes what was collected and moves the marks; runs after each pump. A failure is reported through `onError` and its rows wait for the next flush. */
  flush(): Promise<void>;
  /** Waits for a running flush. */
  idle(): Promise<void>;
  /** Calls `listener` after each flush that committed (the marks moved). Returns the unsubscribe. */
  onRecorded(listener: () => void): () => void;
  stop(): Promise<void>;
}

export interface PriceHistoryOptions {
  db: Db;
  market: MarketRuntime;
  /** The pairs recorded (default every pair the feed prices): about 100 bytes a pair a second. */
  pairIds?: readonly number[];
  retentionMs?: number;
  /**
   * The earliest time whose price a reader may still ask for (null: none pending); rows from then
   * on are kept even past `retentionMs`.
   */
  keepFrom?: () => Promise<number | null>;
  onError?: (err: unknown) => void;
}

/** Per pair, per second: the last trade not yet written. */
type Pending = Map<number, Map<number, RecordedPrice>>;

/** Puts unwritten rows back into `into` (a later trade of the same second wins). */
function mergeInto(into: Pending, batch: Pending): void {
  for (const [pairId, seconds] of batch) {
    let now = into.get(pairId);
    if (!now) into.set(pairId, (now = new Map()));
    for (const [second, p] of seconds) {
      const newer = now.get(second);
      if (!newer || p.ts > newer.ts) now.set(second, p);
    }
  }
}

/** Drops the trades the publisher has stored (at or before its marks). */
function dropThrough(pending: Pending, marks: Map<number, number>): void {
  for (const [pairId, mark] of marks) {
    const seconds = pending.get(pairId);
    if (seconds) for (const [second, p] of seconds) if (p.ts <= mark) seconds.delete(second);
  }
}

/** Keeps the newest `count` seconds per pair. */
function keepLast(pending: Pending, count: number): void {
  for (const seconds of pending.values()) {
    if (seconds.size <= count) continue;
    const oldest = [...seconds.keys()].sort((a, b) => a - b).slice(0, seconds.size - count);
    for (const second of oldest) seconds.delete(second);
  }
}

/** Collects the feed's trades of `market` into the record; started with the app, stopped on close. */
export function createPriceHistory(o: PriceHistoryOptions): PriceHistory {
  const { db, market } = o;
  const retentionMs = o.retentionMs ?? PRICE_RETENTION_MS;
  const pulled = market.feed.source === 'simulated';
  const pairIds = o.pairIds ?? market.instruments().map((i) => i.id);
  const recordedPairs = new Set(pairIds);
  const latest = new Map<number, RecordedPrice>();
  /** Per pair: the last trade of each second not yet written. */
  let pending: Pending = new Map();
  /** Per pair: what the feed has delivered completely so far (not yet stored). */
  const delivered = new Map<number, number>();
  const recorded = new Map<number, number>();
  const listeners = new Set<() => void>();
  let running: Promise<void> | null = null;
  let again = false;
  let prunedAt = 0;
  let stopped = false;
  const report = (err: unknown) => o.onError?.(err);

  const onTrade = (inst: Instrument, trade: FeedTrade) => {
    if (!recordedPairs.has(inst.id)) return;
    const entry: RecordedPrice = { price: trade.price, ts: trade.ts, source: market.feed.source };
    const prev = latest.get(inst.id);
    if (!prev || trade.ts >= prev.ts) latest.set(inst.id, entry);
    const second = secondOf(trade.ts);
    let seconds = pending.get(inst.id);
    if (!seconds) pending.set(inst.id, (seconds = new Map()));
    const held = seconds.get(second);
    if (!held || trade.ts >= held.ts) seconds.set(second, entry);
    // A pushed stream is in time order per pair: everything before this trade has arrived.
    if (!pulled) delivered.set(inst.id, Math.max(delivered.get(inst.id) ?? 0, trade.ts - 1));
  };

  const onPump = (t: number) => {
    // A pulled feed emitted every trade up to the pump's time.
    if (pulled) for (const id of pairIds) delivered.set(id, Math.max(delivered.get(id) ?? 0, t));
    void flush();
  };

  const keep = (batch: Pending) => mergeInto(pending, batch);

  /** The marks moved (here or, following, at the publisher): readers hear it. */
  const recordedThrough = (marks: Map<number, number>) => {
    for (const [pairId, mark] of marks) recorded.set(pairId, Math.max(recorded.get(pairId) ?? 0, mark));
    for (const listener of listeners) {
      try {
        listener();
      } catch (err) {
        report(err);
      }
    }
  };

  /**
   * A process that does not run the feed writes nothing: it keeps the trades the publisher has
   * not yet said are stored (to write them should it take over) and moves its marks as the
   * publisher's arrive, so readers here wait for rows that are really stored.
   */
  const followed = (marks: Map<number, number>) => {
    dropThrough(pending, marks);
    recordedThrough(marks);
  };

  async function writeOnce(): Promise<void> {
    const marks = new Map(delivered);
    const batch = pending;
    pending = new Map();
    const rows: ({ pairId: number; second: number } & RecordedPrice)[] = [];
    for (const [pairId, seconds] of batch) for (const [second, p] of seconds) rows.push({ pairId, second, ...p });
    let wrote: boolean;
    try {
      // Nothing to store costs no transaction; the marks still move if this process is the writer.
      wrote = rows.length === 0 ? market.runsFeed() : await market.writeFeedData((d) => writePrices(d, rows));
    } catch (err) {
      keep(batch);
      throw err;
    }
    if (!wrote) {
      keep(batch);
      keepLast(pending, FOLLOWER_KEEPS);
      return;
    }
    recordedThrough(marks);
    market.shareRecorded(marks);
    const now = Math.max(0, ...marks.values());
    if (now - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = now;
      const needed = o.keepFrom ? await o.keepFrom() : null;
      await prunePrices(db, pairIds, Math.min(now - retentionMs, needed ?? Infinity));
    }
  }

  function flush(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    // Never rejects: a failed write is reported here once and its rows wait for the next flush,
    // so whoever waits on it (the pump, `idle`, `stop`) only waits.
    running = (async () => {
      try {
        do {
          again = false;
          await writeOnce();
        } while (again && !stopped);
      } catch (err) {
        report(err);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const unsubscribeTrades = market.onTrade(onTrade);
  const unsubscribePumps = market.onPump(onPump);
  const unsubscribeMarks = market.onRecordedElsewhere(followed);

  return {
    last: (pairId) => latest.get(pairId),
    recordedThrough: (pairId) => recorded.get(pairId) ?? 0,
    at: (pairId, t) => priceAt(db, pairId, t),
    flush,
    async idle() {
      while (running) await running;
    },
    onRecorded(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async stop() {
      unsubscribeTrades();
      unsubscribePumps();
      unsubscribeMarks();
      while (running) await running;
      stopped = true;
      // What the feed delivered last is kept: a restart settles on it.
      await writeOnce().catch(report);
    },
  };
}
