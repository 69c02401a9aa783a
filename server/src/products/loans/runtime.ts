import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { rowFollower, type ChangeFollower } from '../../db/follow';
import type { Listener } from '../../db/listen';
import type { LoanRow } from '../../db/schema/index';
import { inTransaction, type Tx } from '../../ledger/index';
import { CATALOG, type Instrument } from '../../market/catalog';
import type { FeedTrade } from '../../market/feed';
import type { MarketRuntime } from '../../market/runtime';
import type { Job } from '../../scheduler/index';
import { ActionQueue } from '../../triggers/action-queue';
import { IdTable } from '../../triggers/id-table';
import type { PriceTriggers } from '../../triggers/price-triggers';
import { hourOf } from './math';
import { insertTermsIfMissing, LOANS_CHANNEL, loansByIds, openLoans } from './repo';
import { chargeHour, liquidate, marginCall, settleOverdue, thresholds, type Tick } from './service';
import { LoanIndex } from './watch';

const instrumentById = new Map(CATALOG.instruments.map((i) => [i.id, i]));

/** The demo's terms: BTC and ETH collateral, USDT loans (SPEC.md "borrowing and repayment"). */
export const DEMO_TERMS = [
  { collateralCurrencyId: 1, pairId: 1, initialLtv: '0.65', marginCallLtv: '0.8', liquidationLtv: '0.9' },
  { collateralCurrencyId: 2, pairId: 2, initialLtv: '0.6', marginCallLtv: '0.78', liquidationLtv: '0.88' },
].map((t) => ({
  ...t,
  loanCurrencyId: 3,
  // 0.0005 % an hour: 0.012 % a day.
  hourlyRate: '0.000005',
  minAmount: '100',
  maxAmount: '500000',
  terms: [7, 14, 30, 0],
  status: 1,
}));

/** Demo mode: the terms above for a collateral coin that has none (edited terms are kept). */
export async function seedDemoTerms(db: Db, now: Date): Promise<void> {
  await inTransaction(db, (tx) =>
    insertTermsIfMissing(
      tx,
      DEMO_TERMS.map((t) => ({ ...t, createdAt: now, updatedAt: now })),
    ),
  );
}

/**
 * Interest of every open loan, once per started UTC hour: the period that ends at hour H charges
 * through H. After downtime each missed hour runs in order; a loan is also charged up to date by
 * any change to it, and `charged_through_hour` only moves forward, so each hour is charged once.
 */
export function interestJob(after?: () => Promise<void>): Job {
  return {
    name: 'loans.interest',
    every: 'hour',
    catchUp: 'each',
    run: async (tx, period) => {
      await chargeHour(tx, hourOf(period.end));
    },
    // The debt grew: the watcher's prices move with it.
    ...(after ? { after: () => after() } : {}),
  };
}

/** The feed's last trade of a loan's collateral pair, or null without a fresh one. */
export function feedTick(market: MarketRuntime, row: LoanRow): Tick | null {
  const inst = instrumentById.get(row.pairId);
  if (!inst) return null;
  const q = market.quote(inst);
  if (q.ts <= 0 || q.stale || !(Number(q.now_price) > 0)) return null;
  return { price: q.now_price, ts: q.ts, source: q.source };
}

/**
 * Fixed terms that ended: each minute, open loans whose `due_at` passed by the minute's end are
 * settled, their collateral sold at the feed's price like a liquidation (`settleOverdue`). The
 * scheduler records each minute in the job's transaction and `status` leaves `open` once under the
 * row lock, so a loan is settled once across passes, processes and restarts; a loan without a
 * live price waits for a later minute.
 */
export function termEndJob(tickOf: (row: LoanRow) => Tick | null, after?: (rows: LoanRow[]) => void): Job {
  let settled: LoanRow[] = [];
  return {
    name: 'loans.term_end',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => {
      settled = await settleOverdue(tx, period.end, tickOf);
    },
    // Committed: the watcher drops the settled loans and the users' screens hear of them.
    ...(after ? { after: () => Promise.resolve(after(settled.splice(0))) } : {}),
  };
}

export interface LoanWatcherOptions {
  db: Db;
  now: () => Date;
  log: (err: unknown, message: string) => void;
  /** Runs one action's transaction; tests put a pause before the commit here. */
  transaction?: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After a committed liquidation or margin call (events to the user's screens). */
  changed?: (row: LoanRow) => void;
}

/**
 * Liquidations and margin calls of open loans, driven by the market feed. Each open loan has one
 * key in each of two price-sorted indexes on its collateral's pair (`LoanIndex`): its liquidation
 * price and (until it was called) its margin-call price, both at or below. A trade that reaches keys queues
 * their actions; each runs in its own transaction, conditional on the loan's state, and records
 * the trade (price, feed time, source), and re-checks the loan-to-value on the locked row, so a
 * loan is liquidated once whichever process's watcher gets there, and never on prices the index
 * still has after another process changed the loan. Rebuilt from the database at start and after
 * each hourly charge; loans any process opens or changes (collateral added, repaid, charged) reach
 * the indexes through the database's notifications (`follow`).
 */
export class LoanWatcher {
  readonly index = new LoanIndex();
  private readonly actions: ActionQueue;
  private follower: ChangeFollower | undefined;

  constructor(private readonly o: LoanWatcherOptions) {
    this.actions = new ActionQueue({ ...o, name: 'loan watcher' });
  }

  /** The loans' liquidation prices (tests). */
  get liquidations(): PriceTriggers {
    return this.index.liquidations;
  }

  /** Loads every open loan into the indexes (at start, and after the hourly charge moved the prices). */
  async reload(): Promise<void> {
    const rows = await openLoans(this.o.db);
    const open = new IdTable();
    for (const row of rows) {
      open.add(row.id);
      this.watch(row);
    }
    // A loan closed meanwhile by another path leaves the indexes.
    for (const id of this.index.ids()) if (!open.has(id)) this.forget(id);
  }

  /** Loads the indexes in the action queue, so a change announced meanwhile is applied after the load. */
  load(): Promise<void> {
    return this.actions.call(() => this.reload());
  }

  /**
   * Follows the loans every process changes (`LOANS_CHANNEL`, announced in the transaction of each
   * change): each announced loan is read and watched as it is now, in the action queue; after a gap
   * in the notifications, everything is loaded again.
   */
  async follow(listener: Listener): Promise<void> {
    const view = {
      read: (ids: number[]) => loansByIds(this.o.db, ids),
      watch: this.watch.bind(this),
      forget: this.forget.bind(this),
    };
    this.follower = rowFollower(view, {
      channel: LOANS_CHANNEL,
      run: (job) => this.actions.push(job),
      reloadAll: () => this.reload(),
      log: this.o.log,
    });
    await this.follower.follow(listener);
  }

  /** Resolves once every loan change committed before the call is in the indexes (tests). */
  async synced(): Promise<void> {
    if (!this.follower) throw new Error('the loan watcher does not follow changes');
    await this.follower.synced(this.o.db);
    await this.idle();
  }

  private forget(id: number): void {
    this.index.forget(id);
  }

  /** Watches a loan as it is now: open loans are indexed, others forgotten. */
  watch(row: LoanRow): void {
    if (row.status !== 'open') {
      this.forget(row.id);
      return;
    }
    const th = thresholds(row);
    this.index.watch(row.id, row.pairId, th.liquidation, row.marginCalledAt === null ? th.marginCall : null);
  }

  /** A feed trade of a pair: what it reaches is queued, liquidations before margin calls. */
  onTick(pairId: number, tick: Tick): void {
    if (this.actions.stopped) return;
    const { liquidated, called } = this.index.trade(pairId, tick.price);
    if (liquidated.length === 0 && called.length === 0) return;
    this.actions.push(() => this.act(tick, liquidated, called));
  }

  private async act(tick: Tick, liquidated: number[], called: number[]): Promise<void> {
    for (const [ids, action] of [
      [liquidated, liquidate],
      [called, marginCall],
    ] as const) {
      for (const id of ids) {
        try {
          const row = await this.actions.run((tx) => action(tx, id, tick, this.o.now()));
          if (row) this.o.changed?.(row);
        } catch (err) {
          this.o.log(err, `loan ${id} at ${tick.price} failed`);
        }
        // Whatever happened, the loan is watched again as the database has it.
        await this.rewatch(id);
      }
    }
  }

  private async rewatch(id: number): Promise<void> {
    try {
      const [row] = await loansByIds(this.o.db, [id]);
      if (row) this.watch(row);
      else this.forget(id);
    } catch (err) {
      this.o.log(err, 'loan index reload failed');
    }
  }

  /** Resolves once every queued action is done (tests, shutdown). */
  idle(): Promise<void> {
    return this.actions.idle();
  }

  stop(): Promise<void> {
    return this.actions.stop();
  }
}

/** Feeds the watcher with every feed trade of the collateral pairs. */
export function watchMarket(watcher: LoanWatcher, market: MarketRuntime): () => void {
  return market.onTrade((inst: Instrument, trade: FeedTrade) => {
    watcher.onTick(inst.id, { price: trade.price, ts: trade.ts, source: market.quote(inst).source });
  });
}

/**
 * The loans runtime of this app: demo terms, the watcher on the feed (kept in step with every
 * process's changes through `listener`) and the hourly job.
 */
export async function startLoans(app: FastifyInstance, listener: Listener): Promise<LoanWatcher> {
  const { ctx } = app;
  if (ctx.config.mode === 'demo') await seedDemoTerms(ctx.db, ctx.now());
  const watcher = new LoanWatcher({
    db: ctx.db,
    now: ctx.now,
    log: (err, message) => app.log.error({ err }, message),
  });
  // Following first: a change committed while the indexes load is read again after it.
  await watcher.follow(listener);
  await watcher.load();
  const unsubscribe = watchMarket(watcher, ctx.market);
  ctx.scheduler.register(interestJob(() => watcher.load()));
  ctx.scheduler.register(
    termEndJob(
      (row) => feedTick(ctx.market, row),
      (rows) => {
        for (const row of rows) watcher.watch(row);
      },
    ),
  );
  app.addHook('preClose', async () => {
    unsubscribe();
    await watcher.stop();
  });
  return watcher;
}
