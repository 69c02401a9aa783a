import Decimal from 'decimal.js';
import type { MakerTerms } from '@contract/trade';
import type { MakerConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Instrument } from '../../market/catalog';
import { sessionOf } from '../../market/market-hours';
import type { MarketRuntime } from '../../market/runtime';
import type { CommittedBatch, TradingCore } from '../types';
import { fundingTargets, fundMaker } from './funding';
import { centreOf, gridFor, quoteLadder, type Grid, type Quote } from './ladder';
import { makerBalance, restingMakerOrders } from './repo';
import { effectiveMakerConfig, makerPaused, makerSettings, publishedTerms, type MakerTermsSource } from './terms';

/** What the maker reads and writes outside the book: the database by default. */
export interface MakerStore {
  restingOrders(): Promise<{ id: number; pairId: number }[]>;
  balance(currencyId: number): Promise<{ available: string; held: string }>;
  fund(targets: Map<number, string>, at: Date): Promise<number[]>;
}

export const databaseStore = (db: Db): MakerStore => ({
  restingOrders: () => restingMakerOrders(db),
  balance: (currencyId) => makerBalance(db, currencyId),
  fund: (targets, at) => fundMaker(db, targets, at),
});

export interface MakerOptions {
  config: MakerConfig;
  trading: TradingCore;
  market: MarketRuntime;
  store: MakerStore;
  now: () => Date;
  /** Demo mode: the house funds the maker's inventory once at start. */
  fund: boolean;
  /** Tests call `step()` themselves; otherwise a one-second timer does. */
  manual: boolean;
  onError?: (err: unknown) => void;
  /** The pairs this process matches (a worker's share); every pair by default. */
  holds?: (pairId: number) => boolean;
}

export interface MarketMaker extends MakerTermsSource {
  start(): Promise<void>;
  /** Requotes every pair that needs it (feed moved, orders filled, market opened or closed). */
  step(): Promise<void>;
  stop(): Promise<void>;
  /** Resting order ids of the maker on a pair (tests). */
  resting(pairId: number): number[];
}

interface PairQuoting {
  /** Resting orders by id, as quoted. */
  orders: Map<number, Quote>;
  /** Orders that traded since they were placed: replaced at the next step. */
  touched: Set<number>;
  grid: Grid | undefined;
  /** Spread the grid was made for: a new spread remakes it. */
  gridSpread: number;
  /** Settings the current quotes were made with: new settings requote the pair. */
  made: MakerConfig | undefined;
  /** Grid point the current quotes are centred on; undefined when not quoting. */
  centre: number | undefined;
  busy: boolean;
}

/** The grid is remade when the price has moved this far from where it was made (a step is a fraction). */
const GRID_DRIFT = 0.1;

/** Refusals that only mean the order already left the book (filled or cancelled meanwhile). */
const GONE = new Set(['order_not_found', 'order_not_open']);

/** A pair the maker has not quoted yet. */
function newPairQuoting(): PairQuoting {
  return {
    orders: new Map(),
    touched: new Set(),
    grid: undefined,
    gridSpread: 0,
    made: undefined,
    centre: undefined,
    busy: false,
  };
}

/** Keeps the maker's view of its orders in step with the book: a trade of its own asks for a requote. */
function onCommitted(pairs: Map<number, PairQuoting>, batch: CommittedBatch): void {
  const s = pairs.get(batch.pairId);
  if (!s) return;
  for (const order of batch.orders) {
    if (order.owner !== 'maker') continue;
    if (order.status === 'filled' || order.status === 'cancelled') s.orders.delete(order.id);
    else if (order.status === 'partial') s.touched.add(order.id);
  }
  if (batch.trades.some((t) => t.makerOwner === 'maker' || t.takerOwner === 'maker')) s.centre = undefined;
}

type Trading = MakerOptions['trading'];

/** Cancels the maker's orders; one already gone from the book counts as cancelled. */
async function cancelAll(trading: Trading, s: PairQuoting, ids: number[]): Promise<void> {
  await Promise.all(
    ids.map(async (id) => {
      try {
        await trading.cancel('maker', id);
      } catch (err) {
        if (!(err instanceof AppError && GONE.has(err.key))) throw err;
      }
      s.orders.delete(id);
      s.touched.delete(id);
    }),
  );
}

/** Takes every quote of a pair off the book. */
async function withdraw(trading: Trading, s: PairQuoting): Promise<void> {
  s.centre = undefined;
  await cancelAll(trading, s, [...s.orders.keys()]);
}

/** Places the quotes post-only, as any user's limit orders; the ones still resting are remembered. */
async function placeAll(trading: Trading, s: PairQuoting, pairId: number, quotes: Quote[]): Promise<void> {
  const placed = await Promise.all(
    quotes.map(async (q) => {
      try {
        const order = await trading.place({
          owner: 'maker',
          pairId,
          side: q.side,
          type: 'limit',
          price: q.price,
          qty: q.qty,
          budget: null,
          ioc: false,
          postOnly: true,
        });
        return { order, q };
      } catch (err) {
        // Another pair's quotes took the free balance meanwhile: quote fewer levels this time.
        if (err instanceof AppError && err.key === 'insufficient_balance') return undefined;
        throw err;
      }
    }),
  );
  for (const p of placed) {
    if (p && (p.order.status === 'open' || p.order.status === 'partial')) s.orders.set(p.order.id, p.q);
  }
}

/**
 * The pair's grid, remade when the spread changed or the price drifted too far from it; a new grid
 * or new settings make the next step requote every level.
 */
function refreshGrid(s: PairQuoting, mid: string, config: MakerConfig, tick: string): Grid {
  if (
    !s.grid ||
    s.gridSpread !== config.spreadBps ||
    new Decimal(mid).minus(s.grid.madeAt).abs().div(s.grid.madeAt).gt(GRID_DRIFT)
  ) {
    s.grid = gridFor(mid, config.spreadBps, tick);
    s.gridSpread = config.spreadBps;
    s.centre = undefined;
  }
  if (s.made !== config) {
    s.made = config;
    s.centre = undefined;
  }
  return s.grid;
}

/** The levels the pair should have now, sized from the maker's balances. */
async function wantedQuotes(
  o: MakerOptions,
  inst: Instrument,
  mid: string,
  grid: Grid,
  configNow: () => MakerConfig,
): Promise<Quote[]> {
  const { market, store } = o;
  const base = await store.balance(inst.base.id);
  const settle = await store.balance(inst.rules.settle_id);
  return quoteLadder({
    mid,
    grid,
    rules: inst.rules,
    config: configNow(),
    baseInventory: new Decimal(base.available).plus(base.held).toFixed(),
    // The settlement currency is shared by every pair: each may use an equal part of it.
    quoteBudget: new Decimal(settle.available)
      .plus(settle.held)
      .div(Math.max(1, market.instruments().length))
      .toFixed(),
  });
}

/** Cancels the orders not wanted any more (or touched by a trade), then places the missing levels. */
async function replaceLevels(trading: Trading, s: PairQuoting, pairId: number, wanted: Quote[]): Promise<void> {
  const same = (a: Quote, b: Quote) => a.side === b.side && a.price === b.price && a.qty === b.qty;
  const stale = [...s.orders].filter(([id, q]) => s.touched.has(id) || !wanted.some((w) => same(w, q)));
  await cancelAll(
    trading,
    s,
    stale.map(([id]) => id),
  );
  const kept = [...s.orders.values()];
  // Cancels first, so a new level never meets one of the maker's own orders.
  await placeAll(
    trading,
    s,
    pairId,
    wanted.filter((w) => !kept.some((q) => same(w, q))),
  );
}

/**
 * The instruments of the pairs held now. Orders left on a pair's book (by the last run, or by the
 * maker of the worker that held it before) are not on the current grid: the first requote of a
 * newly held pair replaces them. A pair let go is forgotten; its new owner's maker takes it.
 */
function heldPairs(
  o: MakerOptions,
  pairs: Map<number, PairQuoting>,
  stateOf: (pairId: number) => PairQuoting,
): () => Promise<Instrument[]> {
  const quoted = new Set<number>();
  return async () => {
    const held = o.market.instruments().filter((i) => o.holds?.(i.id) ?? true);
    const ids = new Set(held.map((i) => i.id));
    for (const pairId of quoted) {
      if (!ids.has(pairId)) {
        quoted.delete(pairId);
        pairs.delete(pairId);
      }
    }
    const fresh = new Set(held.filter((i) => !quoted.has(i.id)).map((i) => i.id));
    if (fresh.size === 0) return held;
    for (const { id, pairId } of await o.store.restingOrders()) {
      if (fresh.has(pairId)) stateOf(pairId).orders.set(id, { side: 'buy', price: -1, qty: 0 });
    }
    for (const pairId of fresh) quoted.add(pairId);
    return held;
  };
}

/**
 * The house market maker: quotes both sides of every pair around the feed price with the
 * published spread and depth, from the `maker` system account's real balances, through
 * `trading.place` like any user (post-only, so it only ever trades at its own quotes, and only
 * against orders already in the book). Its levels sit on a grid of half-spread steps: it requotes
 * a pair only when the feed price crossed to another grid point or one of its orders traded, and
 * then replaces only the levels that changed. It withdraws from a pair whose price is stale or
 * whose market is closed.
 */
export function createMarketMaker(o: MakerOptions): MarketMaker {
  const { trading, market, store } = o;
  // The environment's settings with the back office's over them, read afresh at every step.
  let lastOverrides = makerSettings.get();
  let config = effectiveMakerConfig(o.config, lastOverrides);
  const current = (): MakerConfig => {
    const overrides = makerSettings.get();
    if (overrides !== lastOverrides) {
      lastOverrides = overrides;
      config = effectiveMakerConfig(o.config, overrides);
    }
    return config;
  };
  let funded = false;
  const pairs = new Map<number, PairQuoting>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;

  const stateOf = (pairId: number): PairQuoting => {
    let s = pairs.get(pairId);
    if (!s) {
      s = newPairQuoting();
      pairs.set(pairId, s);
    }
    return s;
  };

  function isLive(inst: Instrument, now: number): { live: boolean; mid: string } {
    const q = market.quote(inst);
    const live =
      config.enabled &&
      !makerPaused(inst.id, lastOverrides) &&
      sessionOf(inst, now).open &&
      !q.stale &&
      q.ts > 0 &&
      new Decimal(q.now_price).gt(0);
    return { live, mid: q.now_price };
  }

  async function requote(inst: Instrument, now: number): Promise<void> {
    const s = stateOf(inst.id);
    if (s.busy) return;
    s.busy = true;
    try {
      const { live, mid } = isLive(inst, now);
      if (!live) {
        if (s.orders.size > 0 || s.centre !== undefined) await withdraw(trading, s);
        return;
      }
      const tick = inst.rules.tick_size;
      const grid = refreshGrid(s, mid, config, tick);
      const centre = centreOf(mid, grid, tick);
      if (s.centre === centre && s.touched.size === 0) return;
      // The settings are read once the balances are in, as the step may have refreshed them meanwhile.
      const wanted = await wantedQuotes(o, inst, mid, grid, () => config);
      await replaceLevels(trading, s, inst.id, wanted);
      s.centre = centre;
    } finally {
      s.busy = false;
    }
  }

  const followHeld = heldPairs(o, pairs, stateOf);

  async function step(): Promise<void> {
    current();
    if (config.enabled && o.fund && !funded) {
      // Switched on after a start with the maker off: the demo house funds it now (once per currency).
      try {
        await store.fund(fundingTargets(config, market.instruments()), o.now());
        funded = true;
      } catch (err) {
        o.onError?.(err);
        return;
      }
    }
    const now = o.now().getTime();
    const results = await Promise.allSettled((await followHeld()).map((inst) => requote(inst, now)));
    for (const r of results) if (r.status === 'rejected') o.onError?.(r.reason);
  }

  return {
    async start() {
      unsubscribe = trading.onCommitted((batch) => onCommitted(pairs, batch));
      await followHeld();
      current();
      if (!config.enabled) {
        // Quotes left from a run with the maker on are withdrawn rather than left unattended.
        await Promise.all([...pairs.values()].map((s) => withdraw(trading, s)));
      } else if (o.fund) {
        await store.fund(fundingTargets(config, market.instruments()), o.now());
        funded = true;
      }
      // The timer runs while the maker is off too: the back office may switch it on.
      if (!o.manual) {
        timer = setInterval(() => {
          if (running) return;
          running = step().finally(() => {
            running = undefined;
          });
        }, 1000);
        timer.unref();
      }
    },
    step,
    async stop() {
      if (timer) clearInterval(timer);
      await running;
      unsubscribe?.();
    },
    terms(inst): MakerTerms {
      const s = pairs.get(inst.id);
      const c = current();
      return publishedTerms(c, c.enabled && !makerPaused(inst.id) && s?.centre !== undefined && s.orders.size > 0);
    },
    resting: (pairId) => [...(pairs.get(pairId)?.orders.keys() ?? [])],
  };
}
