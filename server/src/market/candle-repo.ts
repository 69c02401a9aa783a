import Decimal from 'decimal.js';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { candles, type CandleRow } from '../db/schema/index';
import type { Bar } from './candles';
import type { Period } from './periods';

export interface StoredBar {
  pairId: number;
  period: Period;
  bar: Bar;
}

const toBar = (r: CandleRow): Bar => ({
  time: r.time,
  open: new Decimal(r.open),
  high: new Decimal(r.high),
  low: new Decimal(r.low),
  close: new Decimal(r.close),
  volume: new Decimal(r.volume),
});

/** Inserts or overwrites candles (an open candle is saved again as it grows). */
export async function saveBars(db: Db, rows: StoredBar[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(candles)
    .values(
      rows.map(({ pairId, period, bar }) => ({
        pairId,
        period,
        time: bar.time,
        open: bar.open.toFixed(),
        high: bar.high.toFixed(),
        low: bar.low.toFixed(),
        close: bar.close.toFixed(),
        volume: bar.volume.toFixed(),
      })),
    )
    .onConflictDoUpdate({
      target: [candles.pairId, candles.period, candles.time],
      set: {
        high: sql`excluded.high`,
        low: sql`excluded.low`,
        close: sql`excluded.close`,
        volume: sql`excluded.volume`,
      },
    });
}

/** The latest `limit` stored candles with start in [from, to], oldest first. */
export async function loadBars(
  db: Db,
  pairId: number,
  period: Period,
  from: number,
  to: number,
  limit: number,
): Promise<Bar[]> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.pairId, pairId), eq(candles.period, period), gte(candles.time, from), lte(candles.time, to)))
    .orderBy(desc(candles.time))
    .limit(limit);
  return rows.reverse().map(toBar);
}

/** Stored candles of `period` starting at or after `from`, per pair, oldest first. */
export async function loadRecentBars(db: Db, period: Period, from: number): Promise<Map<number, Bar[]>> {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.period, period), gte(candles.time, from)))
    .orderBy(asc(candles.time));
  const byPair = new Map<number, Bar[]>();
  for (const r of rows) byPair.set(r.pairId, [...(byPair.get(r.pairId) ?? []), toBar(r)]);
  return byPair;
}

/** Where stored data begins (first 1min candle) and ends (latest candle of each period), per pair. */
export async function loadEdges(db: Db): Promise<{
  first: Map<number, { time: number; price: string }>;
  latest: Map<number, Map<Period, Bar>>;
}> {
  const firstRows = await db
    .selectDistinctOn([candles.pairId])
    .from(candles)
    .where(eq(candles.period, '1min'))
    .orderBy(candles.pairId, asc(candles.time));
  const latestRows = await db
    .selectDistinctOn([candles.pairId, candles.period])
    .from(candles)
    .orderBy(candles.pairId, candles.period, desc(candles.time));
  const first = new Map(firstRows.map((r) => [r.pairId, { time: r.time, price: new Decimal(r.open).toFixed() }]));
  const latest = new Map<number, Map<Period, Bar>>();
  for (const r of latestRows) {
    const byPeriod = latest.get(r.pairId) ?? new Map<Period, Bar>();
    byPeriod.set(r.period as Period, toBar(r));
    latest.set(r.pairId, byPeriod);
  }
  return { first, latest };
}
