import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowFollower, type ChangeFollower } from '../../db/follow';
import type { Listener } from '../../db/listen';
import type { PriceAlertRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { ActionQueue } from '../../triggers/action-queue';
import type { MarketRuntime } from '../../market/runtime';
import { activeAlerts, ALERTS_CHANNEL, alertsByIds, type Tick } from './repo';
import { fireAlert, instrumentById, watchedOf } from './service';
import { AlertIndex } from './watch';

export interface AlertWatcherOptions {
  db: Db;
  now: () => Date;
  log: (err: unknown, message: string) => void;
  /** The pair's feed price and 24 h change now (what a firing records), or null without a live one. */
  tickOf: (pairId: number) => Tick | null;
  /** Runs one firing's transaction; tests put a pause before the commit here. */
  transaction?: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After a committed firing (events to the user's screens). */
  fired?: (row: PriceAlertRow) => void;
}

/**
 * Price alerts driven by the market feed. Every active alert is in an `AlertIndex` (price-sorted,
 * rebuilt from the database at start); a feed trade finds the `above` / `below` alerts it reaches,
 * each pump the `change` alerts the pairs' 24 h change reaches. Each reached alert is fired in its
 * own transaction through one queue (`fireAlert`: a conditional update, so it fires once even if
 * another evaluation, in this process or another, got there first) and then watched again as the
 * database has it. Alerts any process creates, pauses, resumes or deletes reach the index through
 * the database's notifications (`follow`).
 */
export class AlertWatcher {
  readonly index = new AlertIndex();
  private readonly actions: ActionQueue;
  private follower: ChangeFollower | undefined;

  constructor(private readonly o: AlertWatcherOptions) {
    this.actions = new ActionQueue({ ...o, name: 'alert watcher' });
  }

  private nowMs(): number {
    return this.o.now().getTime();
  }

  /** Loads every active alert into the index (at start, and after a gap in the notifications). */
  async reload(): Promise<void> {
    const rows = await activeAlerts(this.o.db);
    const active = new Set(rows.map((r) => r.id));
    for (const id of this.index.ids()) if (!active.has(id)) this.forget(id);
    const now = this.nowMs();
    for (const row of rows) this.index.watch(watchedOf(row), now);
  }

  /** Loads the index in the firing queue, so a change announced meanwhile is applied after the load. */
  load(): Promise<void> {
    return this.actions.call(() => this.reload());
  }

  /**
   * Follows the alerts every process changes (`ALERTS_CHANNEL`, announced in the transaction of
   * each change): each announced alert is read and watched as it is now, in the firing queue; after
   * a gap in the notifications, everything is loaded again.
   */
  async follow(listener: Listener): Promise<void> {
    const view = {
      read: (ids: number[]) => alertsByIds(this.o.db, ids),
      watch: this.watch.bind(this),
      forget: this.forget.bind(this),
    };
    this.follower = rowFollower(view, {
      channel: ALERTS_CHANNEL,
      run: (job) => this.actions.push(job),
      reloadAll: () => this.reload(),
      log: this.o.log,
    });
    await this.follower.follow(listener);
  }

  /** Resolves once every alert change committed before the call is in the index (tests). */
  async synced(): Promise<void> {
    if (!this.follower) throw new Error('the alert watcher does not follow changes');
    await this.follower.synced(this.o.db);
    await this.idle();
  }

  /** Watches an alert as it is now: active ones are indexed, others forgotten. */
  watch(row: PriceAlertRow): void {
    if (row.status === 'active') this.index.watch(watchedOf(row), this.nowMs());
    else this.index.forget(row.id);
  }

  forget(id: number): void {
    this.index.forget(id);
  }

  /** A feed trade of a pair: the price alerts it reaches are queued. */
  onTrade(pairId: number, price: string): void {
    if (this.actions.stopped) return;
    const ids = this.index.trade(pairId, Number(price), this.nowMs());
    if (ids.length > 0) this.enqueue(ids, pairId, { price });
  }

  /** A pair's 24 h change (percent) after a pump: the change alerts it reaches are queued. */
  onChange(pairId: number, change: string): void {
    if (this.actions.stopped) return;
    const ids = this.index.change(pairId, Number(change), this.nowMs());
    if (ids.length > 0) this.enqueue(ids, pairId, { change });
  }

  private enqueue(ids: number[], pairId: number, seen: Partial<Tick>): void {
    this.actions.push(() => this.fire(ids, pairId, seen));
  }

  /**
   * Fires the reached alerts with what reached them (a trade's price, a pump's 24 h change); the
   * other figure is the pair's live quote's. Without a live quote nothing fires and the alerts
   * wait in the index for the next tick.
   */
  async fire(ids: number[], pairId: number, seen: Partial<Tick>): Promise<void> {
    const live = this.o.tickOf(pairId);
    const tick = live && { price: seen.price ?? live.price, change: seen.change ?? live.change };
    for (const id of ids) {
      if (tick) {
        try {
          const row = await this.actions.run((tx) => fireAlert(tx, id, tick, this.o.now()));
          if (row) this.o.fired?.(row);
        } catch (err) {
          this.o.log(err, `alert ${id} at ${tick.price} failed`);
        }
      }
      await this.rewatch(id);
    }
  }

  /** Whatever happened, the alert is watched again as the database has it. */
  private async rewatch(id: number): Promise<void> {
    try {
      const [row] = await alertsByIds(this.o.db, [id]);
      if (row) this.watch(row);
      else this.forget(id);
    } catch (err) {
      this.o.log(err, 'alert index reload failed');
    }
  }

  /** Resolves once every queued firing is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.actions.idle();
  }

  stop(): Promise<void> {
    return this.actions.stop();
  }
}

/** The pair's live quote as a tick, or null before the first trade or while stale. */
export function quoteTick(market: MarketRuntime, pairId: number): Tick | null {
  const inst = instrumentById.get(pairId);
  if (!inst) return null;
  const q = market.quote(inst);
  if (q.ts <= 0 || q.stale || !(Number(q.now_price) > 0)) return null;
  return { price: q.now_price, change: q.change };
}

/** Feeds the watcher: every feed trade (price alerts), and every pair's 24 h change after each pump. */
export function watchMarket(watcher: AlertWatcher, market: MarketRuntime): () => void {
  const offTrade = market.onTrade((inst, trade) => watcher.onTrade(inst.id, trade.price));
  const offPump = market.onPump(() => {
    for (const inst of market.instruments()) {
      const tick = quoteTick(market, inst.id);
      if (tick) watcher.onChange(inst.id, tick.change);
    }
  });
  return () => {
    offTrade();
    offPump();
  };
}

/**
 * The alerts runtime of this app: the index loaded from the database, fed by the market, and kept
 * in step with every process's changes through `listener`.
 */
export async function startAlerts(app: FastifyInstance, listener: Listener): Promise<AlertWatcher> {
  const { ctx } = app;
  const watcher = new AlertWatcher({
    db: ctx.db,
    now: ctx.now,
    log: (err, message) => app.log.error({ err }, message),
    tickOf: (pairId) => quoteTick(ctx.market, pairId),
  });
  // Following first: a change committed while the index loads is read again after it.
  await watcher.follow(listener);
  await watcher.load();
  const unsubscribe = watchMarket(watcher, ctx.market);
  app.addHook('preClose', async () => {
    unsubscribe();
    await watcher.stop();
  });
  return watcher;
}
