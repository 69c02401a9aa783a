import type { Db } from '../db/client';
import type { StoredResponse } from '../db/schema/index';
import { AppError } from '../errors';
import { announceBalanceChanges, trackBalanceChanges } from '../ledger/balance-changes';
import { storedRefusal } from '../ledger/idempotency';
import { notifySpotOrders } from '../push/events';
import { OrderBook, type Depth } from './engine/index';
import { PAIRS, priceOf, qtyOf } from './pairs';
import { findKeys, lastSequences, latestTrades, restingOrders, saveKeys, saveOrders, saveTrades } from './repo';
import { runTogether } from '../db/rows';
import { fundsAccount, holdCurrency, toStoredOrder, toStoredTrade, type OrderState } from './state';
import type {
  CommittedBatch,
  IdempotencyInput,
  NewOrder,
  OrderOwner,
  StoredOrder,
  StoredTrade,
  TradingCore,
} from './types';
import { BatchWork, type Books, type Outcome } from './work';
import { ConditionalWork, type ConditionalOutcome } from './conditional/work';
import { orderChanges } from './notices';
import { fillRecords } from './records';
import { appendRecords } from '../settlement-record/index';
import { checkOrder } from './validate';
import { Watch } from './conditional/watch';
import { saveConditionals, waitingConditionals } from './conditional/repo';
import { MemoryIds, type IdSource } from './ids';
import { reviveAnswer } from './answers';
import type { Tx } from '../db/client';
import { checkConditional } from './conditional/validate';
import type { ConditionalCore, ConditionalState, NewConditional, StoredConditional } from './conditional/types';
import { stepsOf } from './pairs';

/** Most commands one batch takes: bounds a transaction's size and the wait of its last command. */
export const MAX_BATCH = 500;
/** Trades kept per pair for `recentTrades`. */
const RECENT_TRADES = 100;
/** Levels kept of a book's committed view while a batch changes it. */
const DEPTH_VIEW = 100;

interface Command {
  kind: 'place' | 'cancel' | 'place_conditional' | 'cancel_conditional';
  owner: OrderOwner;
  order?: NewOrder;
  conditional?: NewConditional;
  orderId?: number;
  /** The pair a cancel is for, when the caller knows it (commands routed to a pair's owner). */
  pairId?: number;
  idempotency?: IdempotencyInput;
  resolve: (answer: StoredOrder | StoredConditional) => void;
  reject: (err: Error) => void;
  outcome?: { ok: StoredOrder | StoredConditional } | { error: AppError };
  /** Whether its answer is to be stored under its key (not for replays). */
  store?: boolean;
  /** Later commands of the same batch with the same key and body: they get the same answer. */
  followers: Command[];
}

const unavailable = () => new AppError('internal_error', { status: 503 });

export interface TradingCoreOptions {
  db: Db;
  now: () => Date;
  /** Where failed batches and listener errors are reported. */
  log: (err: unknown, message: string) => void;
  maxBatch?: number;
  /** Told each batch's size and time to its commit or failure (the metrics). */
  observeBatch?: (commands: number, seconds: number, committed: boolean) => void;
  /** Where ids come from: one counter per kind by default (this process owns every pair). */
  ids?: IdSource;
  /** Several owners: the lease check (`cluster/leases.ts`). Absent: this process owns every pair. */
  fence?: Fence;
}

/** What makes a batch's commit conditional on still owning its pairs. */
export interface Fence {
  /** Run first in every batch transaction. */
  open(tx: Tx): Promise<void>;
  /** Run last in every batch transaction with the pairs it changed; throwing rolls the batch back. */
  check(tx: Tx, pairIds: number[]): Promise<void>;
}

/**
 * The trading core: one writer for every pair. Commands wait in one queue; the writer takes
 * all that are waiting (up to `maxBatch`) and runs them in ONE database transaction (group
 * commit): the issuers' accounts are locked, each hold is checked against the running balance,
 * accepted commands are matched on their pair's book, the counterparties' accounts are locked,
 * and every ledger transaction, hold, order, trade and idempotency key of the batch is written
 * with one statement per table. Commands are answered only after the commit; a failed commit
 * rebuilds the touched books from the database and answers `internal_error` (503), which the
 * client retries with the same key.
 */
export class Trading implements TradingCore, ConditionalCore {
  private readonly books = new Map<number, OrderBook>();
  private readonly restingByPair = new Map<number, Map<number, OrderState>>();
  private readonly trades = new Map<number, StoredTrade[]>();
  /** The committed view of the books a running batch is changing. */
  private readonly committedDepth = new Map<number, Depth>();
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();
  private readonly broken = new Set<number>();
  private queue: Command[] = [];
  private running: Promise<void> | null = null;
  private started = false;
  private stopping = false;
  private readonly ids: IdSource;
  /** Waiting stop orders of every pair and their trigger indexes. */
  private readonly watch = new Watch();
  private readonly maxBatch: number;

  constructor(private readonly options: TradingCoreOptions) {
    this.maxBatch = options.maxBatch ?? MAX_BATCH;
    this.ids = options.ids ?? new MemoryIds(options.db);
  }

  /** Loads the books of `pairIds` (every pair by default; none for a worker that takes them later). */
  async start(pairIds: number[] = [...PAIRS.keys()]): Promise<void> {
    await this.load(pairIds);
    this.started = true;
    this.stopping = false;
  }

  /** The pairs whose books this core holds. */
  get pairs(): number[] {
    return [...this.books.keys()];
  }

  /** Takes pairs over between batches: their books, stop orders and last trades from the database. */
  adopt(pairIds: number[]): Promise<void> {
    return this.between(() => {
      this.ids.forget(pairIds);
      return this.load(pairIds);
    });
  }

  /** Lets pairs go between batches; their commands are refused with 503 from then on. */
  drop(pairIds: number[]): Promise<void> {
    return this.between(async () => {
      for (const pairId of pairIds) {
        this.books.delete(pairId);
        this.restingByPair.delete(pairId);
        this.trades.delete(pairId);
        this.committedDepth.delete(pairId);
        this.broken.delete(pairId);
        this.watch.reset(pairId, [], undefined);
      }
      this.ids.forget(pairIds);
      return Promise.resolve();
    });
  }

  private async load(pairIds: number[]): Promise<void> {
    if (pairIds.length === 0) return;
    await this.ids.prepare(pairIds);
    // The last trades first: the rebuilt stop orders are watched from each pair's last price.
    const trades = await latestTrades(this.options.db, pairIds, RECENT_TRADES);
    for (const id of pairIds) this.trades.set(id, trades.get(id) ?? []);
    await this.rebuild(pairIds);
  }

  /** Runs `fn` while no batch runs; commands queued meanwhile wait for the next batch. */
  private async between(fn: () => Promise<void>): Promise<void> {
    while (this.running) await this.running;
    const done = fn();
    // A failure reaches the caller through `done` and is logged; the writer goes on after it.
    this.running = done
      .catch((err: unknown) => this.options.log(err, 'trading work between batches failed'))
      .finally(() => {
        this.running = this.queue.length > 0 && !this.stopping ? this.drain() : null;
      });
    return done;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    while (this.running) await this.running;
  }

  place(order: NewOrder): Promise<StoredOrder> {
    return this.enqueue({
      kind: 'place',
      owner: order.owner,
      order,
      idempotency: order.idempotency,
    }) as Promise<StoredOrder>;
  }

  cancel(owner: OrderOwner, orderId: number, idempotency?: IdempotencyInput, pairId?: number): Promise<StoredOrder> {
    return this.enqueue({ kind: 'cancel', owner, orderId, idempotency, pairId }) as Promise<StoredOrder>;
  }

  placeConditional(order: NewConditional): Promise<StoredConditional> {
    return this.enqueue({
      kind: 'place_conditional',
      owner: order.owner,
      conditional: order,
      idempotency: order.idempotency,
    }) as Promise<StoredConditional>;
  }

  cancelConditional(
    owner: number,
    id: number,
    idempotency?: IdempotencyInput,
    pairId?: number,
  ): Promise<StoredConditional> {
    return this.enqueue({
      kind: 'cancel_conditional',
      owner,
      orderId: id,
      idempotency,
      pairId,
    }) as Promise<StoredConditional>;
  }

  /** How many stop orders wait (tests, metrics). */
  get waitingConditionals(): number {
    return this.watch.size;
  }

  answered(owner: number, idempotency: IdempotencyInput): Promise<StoredOrder | undefined> {
    return answeredUnder(this.options.db, owner, idempotency);
  }

  depth(pairId: number, levels: number): { bids: [string, string][]; asks: [string, string][] } {
    const pair = PAIRS.get(pairId);
    const book = this.books.get(pairId);
    if (!pair || !book) return { bids: [], asks: [] };
    const view = this.committedDepth.get(pairId) ?? book.depth(levels);
    const side = (levelsOf: [number, number][]) =>
      levelsOf.slice(0, levels).map(([p, q]): [string, string] => [priceOf(pair, p), qtyOf(pair, q)]);
    return { bids: side(view.bids), asks: side(view.asks) };
  }

  recentTrades(pairId: number, count: number): StoredTrade[] {
    return (this.trades.get(pairId) ?? []).slice(0, count);
  }

  onCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resting orders of a pair as the live book has them (tests compare them with the stored ones). */
  restingOrders(pairId: number) {
    return this.books.get(pairId)?.resting() ?? [];
  }

  private enqueue(fields: Omit<Command, 'resolve' | 'reject' | 'followers'>): Promise<StoredOrder | StoredConditional> {
    if (!this.started || this.stopping) return Promise.reject(unavailable());
    return new Promise<StoredOrder | StoredConditional>((resolve, reject) => {
      this.queue.push({ ...fields, resolve, reject, followers: [] });
      if (!this.running) this.running = this.drain();
    });
  }

  /**
   * The writer: runs batches while commands wait. Clearing `running` in the same step as finding
   * the queue empty matters: a command queued in between would otherwise wait for a writer that
   * is already gone.
   */
  private async drain(): Promise<void> {
    // One turn of the event loop, so the requests arriving together share the first batch.
    await new Promise<void>((done) => setImmediate(done));
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        const started = performance.now();
        let committed = false;
        try {
          committed = await this.runBatch(batch);
        } catch (err) {
          this.options.log(err, 'trading batch could not be answered');
          for (const c of batch) c.reject(unavailable());
        }
        this.options.observeBatch?.(batch.length, (performance.now() - started) / 1000, committed);
      }
    } finally {
      this.running = null;
    }
  }

  private readonly memory: Books = {
    book: (pairId) => this.books.get(pairId)!,
    resting: (pairId) => this.restingByPair.get(pairId)!,
    nextOrderId: (pairId) => this.ids.next('order', pairId),
    nextTradeId: (pairId) => this.ids.next('trade', pairId),
    willChange: (pairId) => {
      if (!this.committedDepth.has(pairId)) this.committedDepth.set(pairId, this.books.get(pairId)!.depth(DEPTH_VIEW));
    },
    watch: () => this.watch,
    nextConditionalId: (pairId) => this.ids.next('conditional', pairId),
  };

  /** Commands waiting for the next batch. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs one batch; whether it committed (a failed one has answered its commands already). */
  private async runBatch(all: Command[]): Promise<boolean> {
    const { db, now } = this.options;
    const commands = this.ofHeldPairs(all);
    const leaders = this.firstOfEachKey(commands);
    let work: BatchWork | undefined;
    let changedUsers: Set<number> | undefined;
    try {
      if (this.broken.size > 0) await this.rebuild([...this.broken]);
      await this.ids.prepare(this.books.keys());
      await db.transaction(async (tx) => {
        await this.options.fence?.open(tx);
        changedUsers = trackBalanceChanges(tx);
        work = new BatchWork(this.memory, now());
        const keyed = leaders.filter((c) => c.idempotency && typeof c.owner === 'number');
        const stored = await findKeys(
          tx,
          keyed.map((c) => ({ userId: c.owner as number, key: c.idempotency!.key })),
        );
        for (const row of stored) {
          const c = keyed.find((k) => k.owner === row.userId && k.idempotency!.key === row.key)!;
          c.store = false;
          c.outcome = storedOutcome(row, c.idempotency!.hash);
        }
        const active = leaders.filter((c) => !c.outcome);
        await work.ledger.lock(
          tx,
          active.flatMap((c) => accountsOf(work!, c)),
        );
        for (const c of active) {
          c.store = true;
          c.outcome = apply(work, c);
        }
        const ledger = await work.ledger.prepare(tx);
        work.linkIds();
        const keys = leaders
          .filter((c) => c.store && c.idempotency && typeof c.owner === 'number')
          .map((c) => ({
            userId: c.owner as number,
            key: c.idempotency!.key,
            requestHash: c.idempotency!.hash,
            response: responseOf(c.outcome!),
          }));
        // The ledger, orders, trades and keys in one statement; the keys last, to count them.
        const statements = [
          ...ledger,
          saveOrders([...work.orders.values()]),
          saveTrades(work.trades),
          saveConditionals([...work.conditional.changed.values()]),
        ].filter((s) => s !== undefined);
        const keysStatement = saveKeys(keys, work.at);
        const saved = await runTogether(tx, statements, keysStatement);
        if (keysStatement && saved !== keys.length) {
          throw new Error('an idempotency key was taken by a concurrent request');
        }
        // The users' fills and cancels reach their inboxes with the batch: one statement.
        await notifySpotOrders(tx, orderChanges(work), work.at);
        // The fills' public record: its lock serializes only this insert across settlements.
        await appendRecords(tx, fillRecords(work));
        // Last, so a pair taken over meanwhile is seen and nothing of the batch is applied.
        await this.options.fence?.check(tx, [...work.pairs]);
      });
    } catch (err) {
      this.options.log(err, 'trading batch failed; its books are rebuilt from the database');
      const touched = work ? [...work.pairs] : [];
      for (const pairId of touched) this.committedDepth.delete(pairId);
      await this.rebuild(touched).catch((rebuildErr: unknown) => {
        for (const pairId of touched) this.broken.add(pairId);
        this.options.log(rebuildErr, 'rebuilding books failed; retried before the next batch');
      });
      for (const c of commands) c.reject(unavailable());
      return false;
    }
    // Before anyone is answered, so a balance read right after an order sees it (wallet cache).
    if (changedUsers) announceBalanceChanges(db, changedUsers);
    this.committed(work!, leaders);
    return true;
  }

  /**
   * Refuses (503, not stored, so the retry goes to the pair's new owner) the commands of pairs
   * whose books this core no longer holds.
   */
  private ofHeldPairs(commands: Command[]): Command[] {
    return commands.filter((c) => {
      const pairId = c.order?.pairId ?? c.conditional?.pairId ?? c.pairId;
      if (pairId === undefined || !PAIRS.has(pairId) || this.books.has(pairId)) return true;
      c.reject(unavailable());
      return false;
    });
  }

  /** Answers duplicates within the batch from their first command; checks new orders. */
  private firstOfEachKey(commands: Command[]): Command[] {
    const byKey = new Map<string, Command>();
    const leaders: Command[] = [];
    for (const c of commands) {
      if (c.idempotency && typeof c.owner === 'number') {
        const k = `${c.owner}|${c.idempotency.key}`;
        const first = byKey.get(k);
        if (first) {
          if (first.idempotency!.hash === c.idempotency.hash) first.followers.push(c);
          else c.reject(new AppError('idempotency_key_reused'));
          continue;
        }
        byKey.set(k, c);
      }
      leaders.push(c);
      const invalid =
        c.kind === 'place'
          ? checkOrder(c.order!)
          : c.kind === 'place_conditional'
            ? checkConditional(c.conditional!)
            : undefined;
      if (invalid) {
        c.outcome = { error: invalid };
        c.store = true;
      }
    }
    return leaders;
  }

  private committed(work: BatchWork, leaders: Command[]): void {
    for (const pairId of work.pairs) this.committedDepth.delete(pairId);
    const byPair = new Map<number, CommittedBatch>();
    const batchOf = (pairId: number) => {
      let b = byPair.get(pairId);
      if (!b) byPair.set(pairId, (b = { pairId, orders: [], trades: [] }));
      return b;
    };
    for (const t of work.trades) {
      const trade = toStoredTrade(PAIRS.get(t.pairId)!, t);
      batchOf(t.pairId).trades.push(trade);
      const list = this.trades.get(t.pairId)!;
      list.unshift(trade);
      if (list.length > RECENT_TRADES) list.length = RECENT_TRADES;
    }
    for (const o of work.orders.values()) batchOf(o.pairId).orders.push(toStoredOrder(PAIRS.get(o.pairId)!, o));
    for (const c of leaders) {
      for (const to of [c, ...c.followers]) {
        const outcome = c.outcome!;
        if ('ok' in outcome) to.resolve(outcome.ok);
        else to.reject(outcome.error);
      }
    }
    for (const batch of byPair.values()) {
      for (const listener of this.listeners) {
        try {
          listener(batch);
        } catch (err) {
          this.options.log(err, 'a committed-batch listener failed');
        }
      }
    }
  }

  /** Reloads the pairs' books and resting orders from the database, continuing their sequences. */
  private async rebuild(pairIds: number[]): Promise<void> {
    if (pairIds.length === 0) return;
    const [orders, seqs, conditionals] = [
      await restingOrders(this.options.db, pairIds),
      await lastSequences(this.options.db, pairIds),
      await waitingConditionals(this.options.db, pairIds),
    ];
    for (const pairId of pairIds) {
      const resting = orders.filter((o) => o.pairId === pairId);
      const book = new OrderBook({ seq: seqs.get(pairId) ?? 0 });
      book.restore(
        resting.map((o) => ({
          orderId: o.id,
          owner: o.owner,
          side: o.side,
          price: o.price!,
          qty: o.qty! - o.filledLots,
        })),
      );
      this.books.set(pairId, book);
      const restingById = new Map(resting.map((o) => [o.id, o]));
      this.restingByPair.set(pairId, restingById);
      const waiting = conditionals.filter((c) => c.pairId === pairId);
      linkOcoLegs(waiting, restingById);
      const last = this.trades.get(pairId)?.[0];
      this.watch.reset(pairId, waiting, last ? stepsOf(last.price, PAIRS.get(pairId)!.tickUnits) : undefined);
      this.broken.delete(pairId);
    }
  }
}

/**
 * Marks the limit leg of each waiting OCO, so its hold keeps what the stop leg needs. A waiting OCO
 * always has its limit leg resting: whatever ends the leg ends the OCO in the same batch.
 */
function linkOcoLegs(waiting: ConditionalState[], resting: Map<number, OrderState>): void {
  for (const c of waiting) {
    if (c.kind !== 'oco') continue;
    const leg = resting.get(c.limitOrderId!);
    if (!leg) throw new Error(`OCO ${c.id} waits without its limit order ${String(c.limitOrderId)}`);
    leg.oco = { id: c.id, hold: c.holdAmount };
  }
}

/** The accounts a command holds from or releases to, locked before the batch applies it. */
function accountsOf(work: BatchWork, c: Command) {
  switch (c.kind) {
    case 'place':
      return [BatchWork.placeAccount(c.order!)];
    case 'place_conditional':
      return [ConditionalWork.account(c.conditional!)];
    case 'cancel': {
      const order = work.findResting(c.owner, c.orderId!);
      return order ? [fundsAccount(order.owner, holdCurrency(PAIRS.get(order.pairId)!, order.side))] : [];
    }
    case 'cancel_conditional': {
      const found = typeof c.owner === 'number' ? work.conditional.find(c.owner, c.orderId!) : undefined;
      return found ? [ConditionalWork.account(found)] : [];
    }
  }
}

function apply(work: BatchWork, c: Command): Outcome | ConditionalOutcome {
  const missing = { error: new AppError('order_not_found', { field: 'id' }) };
  switch (c.kind) {
    case 'place':
      return work.place(c.order!);
    case 'place_conditional':
      return work.conditional.place(c.conditional!);
    case 'cancel': {
      const order = work.findResting(c.owner, c.orderId!);
      return order ? work.cancel(order) : missing;
    }
    case 'cancel_conditional': {
      const found = typeof c.owner === 'number' ? work.conditional.find(c.owner, c.orderId!) : undefined;
      return found ? work.conditional.cancel(found) : missing;
    }
  }
}

function responseOf(outcome: { ok: StoredOrder | StoredConditional } | { error: AppError }): StoredResponse {
  if ('ok' in outcome) return { ok: outcome.ok };
  const { key, type, field, values } = outcome.error;
  return { error: { key, type, ...(field ? { field } : {}), values } };
}

/** `TradingCore.answered`, read from the database (any process may ask). */
export async function answeredUnder(
  db: Db,
  owner: number,
  idempotency: IdempotencyInput,
): Promise<StoredOrder | undefined> {
  const [row] = await findKeys(db, [{ userId: owner, key: idempotency.key }]);
  if (!row) return undefined;
  const outcome = storedOutcome(row, idempotency.hash);
  if ('error' in outcome) throw outcome.error;
  return outcome.ok as StoredOrder;
}

/** The answer stored under a key: replayed for the same request, refused for another body. */
function storedOutcome(
  row: { requestHash: string; response: StoredResponse },
  hash: string,
): { ok: StoredOrder | StoredConditional } | { error: AppError } {
  if (row.requestHash !== hash) return { error: new AppError('idempotency_key_reused') };
  const stored = row.response;
  return 'ok' in stored ? { ok: reviveAnswer(stored.ok) } : { error: storedRefusal(stored.error) };
}
