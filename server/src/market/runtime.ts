import type { Candle, PairQuote } from '@contract/market';
import { MAX_CANDLES } from '@contract/market';
import type { Db } from '../db/client';
import { loadBars, loadEdges, loadRecentBars, saveBars, type StoredBar } from './candle-repo';
import { toCandle, type Bar } from './candles';
import { CATALOG, type Instrument } from './catalog';
import type { DepthBook, FeedEvent, FeedTrade, MarketFeed } from './feed';
import { FeedDriver } from './feed-driver';
import { createMarketHub, type MarketHub } from './hub';
import { bucketStart, PERIODS, type Period } from './periods';
import { PairState } from './pair-state';
import { publishDue } from './publish';
import type { FeedRelay } from './relay';

const FLUSH_EVERY_MS = 10_000;
const DAY_MS = 86_400_000;

/** One trade of the real order book as the market streams show it. */
export interface BookTrade {
  price: string;
  amount: string;
  direction: 'buy' | 'sell';
  ts: number;
}

/** The real order book (the trading core): depth and trades once it runs. */
export interface BookSource {
  depth(pairId: number, levels: number): DepthBook;
  /** Newest first. */
  recentTrades(pairId: number, count: number): BookTrade[];
}

const DETAIL_LEVELS = 20;
const DETAIL_TRADES = 30;

export interface MarketRuntime {
  readonly hub: MarketHub;
  readonly feed: MarketFeed;
  readonly staleMs: number;
  /** Instruments the feed prices (others are not quoted). */
  instruments(): Instrument[];
  find(symbol: string): Instrument | undefined;
  /** The pair's quote as of the last tick: computed once per tick, shared by every reader. */
  quote(inst: Instrument): PairQuote;
  /** Every priced pair's quote as of the last tick, in catalogue order (one shared list). */
  quotes(): readonly PairQuote[];
  /** Candles the 24 h figures have read or dropped since start: a work counter for tests. */
  work(): number;
  candles(inst: Instrument, period: Period, from: number, to: number): Promise<Candle[]>;
  detail(inst: Instrument): DepthBook & { trades: FeedTrade[] };
  /**
   * From now on `detail`, `market_depth` and `match_trade` show this book and its trades instead
   * of the feed's (the feed still prices the pairs and builds the candles).
   */
  attachBook(book: BookSource): void;
  /** A committed batch changed the pair's book (and traded): published at the next tick. */
  bookChanged(pairId: number, traded: boolean): void;
  /**
   * Calls `listener` with every feed trade as the runtime applies it (in time order per pair), for
   * what acts on prices (futures triggers, seconds settlement). Listeners must be quick; a throw is
   * reported through `onError` and does not stop the others. Returns the unsubscribe.
   */
  onTrade(listener: TradeListener): () => void;
  /** Calls `listener` after every pump with its time, once the tick's trades were applied. */
  onPump(listener: (t: number) => void): () => void;
  /**
   * Whether this process runs the feed now and writes its candles and price record: always alone;
   * with several processes only the publisher (`relay.ts`); never an `api` process.
   */
  runsFeed(): boolean;
  /**
   * Runs a write of the feed's data when this process runs the feed (fenced by the publisher seat
   * with several processes); resolves false, having run nothing, otherwise.
   */
  writeFeedData(work: (db: Db) => Promise<void>): Promise<boolean>;
  /** The publisher's price record is stored through these marks (pair id → time): followers hear them. */
  shareRecorded(marks: Map<number, number>): void;
  /** In a process that follows: the publisher's record marks as they arrive. Returns the unsubscribe. */
  onRecordedElsewhere(listener: (marks: Map<number, number>) => void): () => void;
  /** Pulls due ticks from the feed, publishes (about once a second per pair and stream), saves candles. */
  pump(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type TradeListener = (inst: Instrument, trade: FeedTrade) => void;

export interface RuntimeOptions {
  db: Db;
  feed: MarketFeed;
  now: () => Date;
  staleMs: number;
  /** Tests drive `pump()` themselves; otherwise a one-second timer does. */
  manual: boolean;
  hub?: MarketHub;
  onError?: (err: unknown) => void;
  /** With several processes on PostgreSQL and Redis: the feed's relay and publisher election. */
  relay?: FeedRelay;
  /** Whether this process may run the feed and write its data (default true; `api` processes: false). */
  mayRunFeed?: boolean;
}

/** What `start` read once and every pair it restores shares. */
interface RestoreContext {
  feed: MarketFeed;
  t: number;
  edges: Awaited<ReturnType<typeof loadEdges>>;
  realBook: boolean;
}

/** One pair's state rebuilt from its stored candles, so a restart continues where the last run stopped. */
function restorePair(inst: Instrument, c: RestoreContext, lastPrices: Map<string, string>): PairState {
  const { feed, t } = c;
  const latest = c.edges.latest.get(inst.id);
  const anchor = c.edges.first.get(inst.id) ?? { time: t, price: String(inst.basePrice) };
  const s = new PairState(inst, anchor);
  s.realBook = c.realBook;
  const lastMinute = latest?.get('1min');
  if (lastMinute) lastPrices.set(inst.symbol, lastMinute.close.toFixed());
  // The simulation starts from a known price; a real feed has none until its first message.
  if (feed.source === 'simulated') s.last = lastPrices.get(inst.symbol) ?? anchor.price;
  // Continue candles whose bucket is still running instead of starting a second one.
  for (const period of PERIODS) {
    const bar = latest?.get(period);
    if (bar && bar.time === bucketStart(period, t)) s.builder.resume(period, bar);
  }
  return s;
}

/**
 * The exchange sends its own 24 h figures; the simulation computes them from candles: hourly ones
 * for the past day at start (cheap), then each closed minute.
 */
async function fillDay(s: PairState, feed: MarketFeed, storedHours: Bar[], t: number): Promise<void> {
  const hourStart = bucketStart('60min', t);
  const merged = new Map<number, Bar>();
  for (const b of await feed.history(s.inst, '60min', s.anchor, 24)) merged.set(b.time, b);
  for (const b of storedHours) merged.set(b.time, b);
  const day = [...merged.values()].filter((b) => b.time >= t - DAY_MS && b.time < hourStart);
  for (const b of day.sort((x, y) => x.time - y.time)) s.day.push(b);
}

/** Every pair's state from the stored candles (and, simulated, its last day); returns the last prices. */
async function restoreAll(c: {
  db: Db;
  feed: MarketFeed;
  t: number;
  covered: Instrument[];
  states: Map<string, PairState>;
  realBook: boolean;
}): Promise<Map<string, string>> {
  const { db, feed, t } = c;
  const edges = await loadEdges(db);
  const recentHours =
    feed.source === 'simulated' ? await loadRecentBars(db, '60min', t - DAY_MS) : new Map<number, Bar[]>();
  const lastPrices = new Map<string, string>();
  for (const inst of c.covered) {
    const s = restorePair(inst, { feed, t, edges, realBook: c.realBook }, lastPrices);
    c.states.set(inst.symbol, s);
    if (feed.source === 'simulated') await fillDay(s, feed, recentHours.get(inst.id) ?? [], t);
  }
  return lastPrices;
}

/** Calls every listener; a throw is reported and does not stop the others. */
function callEach<L>(listeners: Set<L>, call: (listener: L) => void, report: (err: unknown) => void): void {
  for (const listener of listeners) {
    try {
      call(listener);
    } catch (err) {
      report(err);
    }
  }
}

/** A chart's candles: the feed's history, then stored bars, then the open one, newest winning. */
async function mergedBars(
  c: { db: Db; feed: MarketFeed; onError?: (err: unknown) => void },
  s: PairState,
  period: Period,
  from: number,
  to: number,
): Promise<Bar[]> {
  const inst = s.inst;
  let history = s.history.get(period);
  if (!history) {
    // Without history the chart still shows stored and live candles; the next request retries.
    history = await c.feed.history(inst, period, s.anchor).catch((err: unknown) => {
      c.onError?.(new Error(`history of ${inst.symbol} ${period} unavailable`, { cause: err }));
      return undefined;
    });
    if (history) s.history.set(period, history);
  }
  const merged = new Map<number, Bar>();
  for (const b of history ?? []) if (b.time >= from && b.time <= to) merged.set(b.time, b);
  for (const b of await loadBars(c.db, inst.id, period, from, to, MAX_CANDLES)) merged.set(b.time, b);
  const open = s.builder.open.get(period);
  if (open && open.time >= from && open.time <= to) merged.set(open.time, open);
  return [...merged.values()].sort((a, b) => a.time - b.time).slice(-MAX_CANDLES);
}

/** The pair's depth and trades: the real book's once attached, the simulation's before. */
function detailOf(
  s: PairState,
  feed: MarketFeed,
  book: BookSource | undefined,
  now: () => number,
): DepthBook & { trades: FeedTrade[] } {
  const inst = s.inst;
  if (book) {
    const trades = book
      .recentTrades(inst.id, DETAIL_TRADES)
      .map((tr) => ({ kind: 'trade' as const, symbol: inst.symbol, ...tr }));
    return { ...book.depth(inst.id, DETAIL_LEVELS), trades };
  }
  const simulated = s.last ? feed.depth(inst, s.last, now()) : { bids: [], asks: [] };
  return { ...simulated, trades: [...s.trades].reverse() };
}

export function createMarketRuntime(o: RuntimeOptions): MarketRuntime {
  const { db, feed, staleMs } = o;
  const hub = o.hub ?? createMarketHub();
  const covered = CATALOG.instruments.filter((i) => feed.covers(i));
  const bySymbol = new Map(covered.map((i) => [i.symbol, i]));
  const states = new Map<string, PairState>();
  let pending: StoredBar[] = [];
  let flushedAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  let book: BookSource | undefined;
  const byId = new Map(covered.map((i) => [i.id, i]));
  const now = () => o.now().getTime();
  const state = (inst: Instrument) => states.get(inst.symbol) as PairState;
  /** The quotes of the last tick; recomputed by `pump`, or on first use before the first one. */
  let board: { list: PairQuote[]; bySymbol: Map<string, PairQuote> } | undefined;

  function quoteAll(t: number) {
    const list = covered.map((inst) => state(inst).quote(t, staleMs, feed.source));
    board = { list, bySymbol: new Map(list.map((q) => [q.symbol, q])) };
    return board;
  }
  const currentBoard = () => board ?? quoteAll(now());
  const tradeListeners = new Set<TradeListener>();
  const pumpListeners = new Set<(t: number) => void>();
  const report = (err: unknown) => o.onError?.(err);
  const subscribe = <L>(set: Set<L>, listener: L) => {
    set.add(listener);
    return () => void set.delete(listener);
  };

  const onEvent = (e: FeedEvent) => {
    const s = states.get(e.symbol);
    if (!s) return;
    if (e.kind === 'ticker') return s.onTicker(e);
    for (const c of s.onTrade(e)) pending.push({ pairId: s.inst.id, period: c.period, bar: c.bar });
    callEach(tradeListeners, (listener) => listener(s.inst, e), report);
  };

  const driver = new FeedDriver({
    db,
    feed,
    relay: o.relay,
    mayRun: o.mayRunFeed ?? true,
    apply: onEvent,
    states: () => states.values(),
    now,
  });

  async function flush(): Promise<void> {
    const rows = pending;
    pending = [];
    flushedAt = now();
    // Only the process that runs the feed stores candles; the others' come from the same events.
    if (!driver.runsFeed) return;
    for (const s of states.values()) {
      for (const [period, bar] of s.builder.open) rows.push({ pairId: s.inst.id, period, bar });
    }
    await driver.write((d) => saveBars(d, rows));
  }

  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      const t = now();
      driver.advance(t);
      const { list, bySymbol } = quoteAll(t);
      driver.afterQuotes(list, t);
      for (const s of states.values()) publishDue(hub, s, feed, t, bySymbol.get(s.inst.symbol) as PairQuote, book);
      callEach(pumpListeners, (listener) => listener(t), report);
      if (pending.length > 0 || t - flushedAt >= FLUSH_EVERY_MS) await flush();
    } finally {
      pumping = false;
    }
  }

  return {
    hub,
    feed,
    staleMs,
    instruments: () => covered,
    find: (symbol) => bySymbol.get(symbol.trim().toUpperCase()),
    quote: (inst) => currentBoard().bySymbol.get(inst.symbol) ?? state(inst).quote(now(), staleMs, feed.source),
    quotes: () => currentBoard().list,
    work: () => [...states.values()].reduce((n, s) => n + s.day.visited, 0),
    candles: async (inst, period, from, to) =>
      (await mergedBars({ db, feed, onError: o.onError }, state(inst), period, from, to)).map(toCandle),
    detail: (inst) => detailOf(state(inst), feed, book, now),
    attachBook(source) {
      book = source;
      for (const s of states.values()) s.realBook = true;
    },
    bookChanged(pairId, traded) {
      const inst = byId.get(pairId);
      const s = inst && states.get(inst.symbol);
      if (!s) return;
      s.dirty.add('market_depth');
      if (traded) s.dirty.add('match_trade');
    },
    onTrade: (listener) => subscribe(tradeListeners, listener),
    onPump: (listener) => subscribe(pumpListeners, listener),
    runsFeed: () => driver.runsFeed,
    writeFeedData: (work) => driver.write(work),
    shareRecorded: (marks) => driver.shareRecorded(marks),
    onRecordedElsewhere: (listener) => driver.onRecordedElsewhere(listener),
    pump,
    async start() {
      const t = now();
      const lastPrices = await restoreAll({ db, feed, t, covered, states, realBook: book !== undefined });
      flushedAt = t;
      board = undefined;
      await driver.start(t, lastPrices);
      if (!o.manual) {
        timer = setInterval(() => void pump().catch((err: unknown) => o.onError?.(err)), 1000);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      driver.halt();
      await flush();
      await driver.close();
    },
  };
}
