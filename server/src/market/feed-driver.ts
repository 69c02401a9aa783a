import type { PairQuote } from '@contract/market';
import type { Db } from '../db/client';
import type { FeedEvent, FeedTicker, MarketFeed } from './feed';
import type { PairState } from './pair-state';
import type { FeedRelay, RelayBatch } from './relay';

/** A process that joins late has every pair's publisher figures within this long. */
const FIGURES_EVERY_MS = 10_000;

export interface FeedDriverOptions {
  db: Db;
  feed: MarketFeed;
  /** With several processes: the Redis relay and the publisher election. */
  relay: FeedRelay | undefined;
  /** Whether this process may run the feed (never in an `api` process). */
  mayRun: boolean;
  /** Applies one event to the runtime's pair states (candles, quotes, trade listeners). */
  apply: (e: FeedEvent) => void;
  states: () => Iterable<PairState>;
  now: () => number;
}

/**
 * Who runs the feed in this process and where its events go. Alone (no relay): the feed runs here
 * and its events go straight to the runtime, as in a single process. With a relay: the publisher
 * runs the feed, applies each event and appends the events of each turn of its event loop to the
 * stream; the others apply what they read. A simulated feed's 24 h figures depend on how long a
 * process has watched, so the publisher sends its own as ticker events (as the exchange does) and
 * every process quotes the same figures.
 */
export class FeedDriver {
  /** The feed runs here (its events are produced by this process). */
  private running = false;
  /** This process writes the feed's data: alone, or as the relay's publisher until it closes or loses the seat. */
  private writer = false;
  private outbox: FeedEvent[] = [];
  private sending = false;
  private readonly sentFigures = new Map<string, string>();
  private figuresSentAt = 0;
  private startPrices = new Map<string, string>();
  private readonly markListeners = new Set<(marks: Map<number, number>) => void>();

  constructor(private readonly o: FeedDriverOptions) {}

  /** Whether this process runs the feed now, and so writes its candles and price record. */
  get runsFeed(): boolean {
    return this.writer;
  }

  /** Starts the feed here, or follows (and stands for publisher) through the relay. */
  async start(t: number, lastPrices: Map<string, string>): Promise<void> {
    this.startPrices = lastPrices;
    const { relay } = this.o;
    if (!relay) {
      if (this.o.mayRun) this.run(t, lastPrices);
      return;
    }
    await relay.start({
      receive: (batch) => this.receive(batch),
      promoted: () => this.promoted(),
      demoted: () => {
        this.halt();
        this.writer = false;
      },
    });
  }

  /** Pulls what is due from a feed this process runs. */
  advance(t: number): void {
    if (this.running) this.o.feed.advance(t);
  }

  /** After a tick's quotes: the publisher of a simulated feed shares the figures that changed. */
  afterQuotes(list: readonly PairQuote[], t: number): void {
    if (!this.o.relay || !this.running || this.o.feed.source !== 'simulated') return;
    const all = t - this.figuresSentAt >= FIGURES_EVERY_MS;
    if (all) this.figuresSentAt = t;
    for (const q of list) {
      if (q.ts <= 0) continue;
      const figures = `${q.now_price}|${q.change}|${q.high}|${q.low}|${q.volume}|${q.ts}`;
      if (!all && this.sentFigures.get(q.symbol) === figures) continue;
      this.sentFigures.set(q.symbol, figures);
      const ticker: FeedTicker = {
        kind: 'ticker',
        symbol: q.symbol,
        last: q.now_price,
        changePct: q.change,
        high: q.high,
        low: q.low,
        volume: q.volume,
        ts: q.ts,
      };
      this.queue(ticker);
    }
  }

  /**
   * Runs a write of the feed's data (candles, the price record) if this process runs the feed:
   * alone, as is; with a relay, in a transaction the publisher seat fences, so a publisher that
   * lost its seat (paused, cut off) never writes after the next one began. False: not written.
   */
  async write(work: (db: Db) => Promise<void>): Promise<boolean> {
    const { relay, db } = this.o;
    if (!this.writer) return false;
    if (!relay) {
      await work(db);
      return true;
    }
    await db.transaction(async (tx) => {
      await relay.fence(tx);
      await work(tx as unknown as Db);
    });
    return true;
  }

  /** The publisher's price record is stored through these marks: followers hear them. */
  shareRecorded(marks: Map<number, number>): void {
    if (!this.o.relay || !this.writer || marks.size === 0) return;
    this.o.relay.send({ events: [], marks: Object.fromEntries(marks) });
  }

  onRecordedElsewhere(listener: (marks: Map<number, number>) => void): () => void {
    this.markListeners.add(listener);
    return () => void this.markListeners.delete(listener);
  }

  /** Stops the feed (before the runtime's last write, which it still makes). */
  halt(): void {
    if (this.running) this.o.feed.stop();
    this.running = false;
    this.outbox = [];
  }

  /** Leaves the relay, giving up the seat (after the last write). */
  async close(): Promise<void> {
    this.halt();
    this.writer = false;
    await this.o.relay?.stop();
  }

  private run(t: number, lastPrices: Map<string, string>): void {
    this.running = true;
    this.writer = true;
    this.o.feed.start((e) => this.produced(e), lastPrices, t);
  }

  private produced(e: FeedEvent): void {
    this.o.apply(e);
    if (this.o.relay) this.queue(e);
  }

  /** Everything produced in one turn of the event loop (a pump's trades and figures) is one batch. */
  private queue(e: FeedEvent): void {
    this.outbox.push(e);
    if (this.sending) return;
    this.sending = true;
    setImmediate(() => {
      this.sending = false;
      const events = this.outbox;
      this.outbox = [];
      if (events.length > 0) this.o.relay?.send({ events });
    });
  }

  private receive(batch: RelayBatch): void {
    for (const e of batch.events) this.o.apply(e);
    if (!batch.marks) return;
    const marks = new Map(Object.entries(batch.marks).map(([pair, mark]) => [Number(pair), mark]));
    for (const listener of this.markListeners) listener(marks);
  }

  /**
   * This process took the seat: the feed continues from the last trade it applied (a pulled feed
   * replays the seconds since then, within its bound), or from the stored prices at start.
   */
  private promoted(): void {
    let from = 0;
    const lastPrices = new Map<string, string>();
    for (const s of this.o.states()) {
      from = Math.max(from, s.lastTradeTs);
      if (s.last) lastPrices.set(s.inst.symbol, s.last);
      // Its own 24 h figures from now on, not the last publisher's.
      if (this.o.feed.source === 'simulated') s.ticker = undefined;
    }
    const now = this.o.now();
    if (from === 0) this.run(now, this.startPrices);
    else this.run(Math.min(from, now), lastPrices);
  }
}
