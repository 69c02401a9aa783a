import type { LeverChangeKind, LeverTradeEvent } from '@contract/user-events';
import { LEVER_TRADE_EVENT } from '@contract/user-events';
import type { Db } from '../db/client';
import { ChangeFollower } from '../db/follow';
import type { Listener } from '../db/listen';
import { inTransaction } from '../ledger/index';
import { notifyFuturesClosed } from '../push/events';
import type { Instrument } from '../market/catalog';
import type { FeedTrade } from '../market/feed';
import type { MarketRuntime } from '../market/runtime';
import {
  livePositions,
  overnightDue,
  positionsByIds,
  POSITIONS_CHANNEL,
  saveTrailBests,
  userLivePositions,
  type PositionRow,
  type TrailBest,
} from './repo';
import { chargeOvernight, fill, markOf, instrumentOf, totalsOf, type ClosingTick } from './service';
import { closeTriggered, watchedOf } from './fired';
import { utcDay } from './math';
import { termsOf } from './terms';
import { TriggerIndex, type Fired, type TrailMove } from './triggers';
import { triggerRecord } from './records';
import { appendRecords } from '../settlement-record/index';

export interface FuturesEngineOptions {
  db: Db;
  market: MarketRuntime;
  now: () => Date;
  /** Sends a `lever_trade` event to the user's room. */
  emit: (userId: number, event: LeverTradeEvent) => void;
  log: (err: unknown, message: string) => void;
  /** Least time between two `lever_trade` events of one user (ms). */
  eventIntervalMs?: number;
}

const EVENT_INTERVAL_MS = 1000;
const MAX_EVENT_IDS = 50;

interface PendingEvent {
  kinds: LeverChangeKind[];
  ids: number[];
  timer: NodeJS.Timeout | null;
  lastSent: number;
}

/**
 * The futures book in motion: the trigger index (take-profit, stop-loss, trailing stops,
 * liquidation, limit opens) fed by every feed trade, the overnight fee at each 00:00 UTC, and the
 * throttled `lever_trade` events. A trade first moves the trailing stops whose best mark it
 * improves (their new bests are stored by one statement in the queue, coalesced while it is busy),
 * then fires what it reaches. Triggers found on a tick are acted on one position per transaction, in order, through a
 * single queue; each action locks the position and re-checks on the row that it still sets the
 * trigger off (`fired.ts`), so a trigger closes exactly once even when the user closes at the same
 * moment or another process's engine fires it on the same tick, and a trigger the index still has
 * after another process changed the position does nothing. Changes committed by any process reach
 * the index through the database's notifications (`follow`). At start every pending and open position is
 * loaded into the index; what the first price of a pair after the start sets off among those is
 * marked `closed_after_restart` (its trigger may have been crossed while the server was down).
 */
export class FuturesEngine {
  readonly index = new TriggerIndex();
  private queue: Promise<void> = Promise.resolve();
  private readonly seenPairs = new Set<number>();
  private readonly loadedAtStart = new Set<number>();
  private readonly events = new Map<number, PendingEvent>();
  private readonly unsubscribe: (() => void)[] = [];
  private overnightDay: number | null = null;
  /** Trailing-stop bests moved in memory and not stored yet, by position (the latest wins). */
  private readonly unsavedBests = new Map<number, TrailBest>();
  private savingBests = false;
  private stopped = false;
  private readonly listeners: ((row: PositionRow, kind: LeverChangeKind) => void)[] = [];
  private readonly reloaded: (() => void)[] = [];
  private follower: ChangeFollower | undefined;

  constructor(private readonly o: FuturesEngineOptions) {}

  async start(): Promise<void> {
    // In the queue, so an announced change read meanwhile is applied after the load, never under it.
    const load = this.queue.then(async () => {
      for (const row of await livePositions(this.o.db)) {
        this.watch(row);
        this.loadedAtStart.add(row.id);
      }
    });
    // A failed load reaches the caller through `await load` and is logged; the queue goes on.
    this.queue = load.catch((err: unknown) => this.o.log(err, 'futures positions could not be loaded at start'));
    await load;
    this.unsubscribe.push(this.o.market.onTrade((inst, trade) => this.onTrade(inst, trade)));
    this.unsubscribe.push(this.o.market.onPump((t) => this.onPump(t)));
  }

  /** Stops taking ticks, finishes what is queued and drops pending events. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const u of this.unsubscribe.splice(0)) u();
    await this.idle();
    for (const e of this.events.values()) if (e.timer) clearTimeout(e.timer);
    this.events.clear();
  }

  /** Resolves once every queued trigger and overnight charge is done (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /** Watches a position as it is now: pending and open ones are indexed, others forgotten. */
  watch(row: PositionRow): void {
    const watched = watchedOf(row);
    if (watched) this.index.upsert(watched);
    else this.index.remove(row.id);
  }

  /**
   * Follows the positions every process changes (`POSITIONS_CHANNEL`, announced in the transaction
   * of each change): each announced position is read and watched as it is now; a trader's open and
   * close announced by another process go to the `onChange` listeners (the copy engine) as this
   * process's own do. After a gap in the notifications the whole index is read again.
   */
  async follow(listener: Listener): Promise<void> {
    this.follower = new ChangeFollower({
      channel: POSITIONS_CHANNEL,
      run: (job) => {
        if (!this.stopped) this.enqueue(job);
      },
      changed: (payloads) => this.reread(payloads),
      reloadAll: () => this.reloadAll(),
      log: this.o.log,
    });
    await this.follower.follow(listener);
  }

  /** Resolves once every position change committed before the call is in the index (tests). */
  async synced(): Promise<void> {
    if (!this.follower) throw new Error('the futures engine does not follow changes');
    await this.follower.synced(this.o.db);
    await this.idle();
  }

  private async reread(payloads: string[]): Promise<void> {
    const moved = new Map<number, string>();
    for (const p of payloads) {
      const [id, status] = p.split(':');
      moved.set(Number(id), status ?? moved.get(Number(id)) ?? '');
    }
    for (const row of await positionsByIds(this.o.db, [...moved.keys()])) {
      this.watch(row);
      const status = moved.get(row.id);
      // Only a move that is still the row's status: an open already closed again is seen closed.
      if (status !== row.status) continue;
      if (status === 'open') this.tell(row, 'opened');
      else if (status === 'closed') this.tell(row, 'closed');
    }
  }

  /** Every pending and open position again; the ones no longer live leave the index. */
  private async reloadAll(): Promise<void> {
    const rows = await livePositions(this.o.db);
    const live = new Set(rows.map((r) => r.id));
    for (const id of this.index.ids()) if (!live.has(id)) this.index.remove(id);
    for (const row of rows) this.watch(row);
    for (const listener of this.reloaded) listener();
  }

  /** Called after the index was read again whole (announcements may have been missed meanwhile). */
  onReload(listener: () => void): void {
    this.reloaded.push(listener);
  }

  /** A committed change by the user or a trigger: index it, tell the user's screens and the listeners. */
  changed(row: PositionRow, kind: LeverChangeKind): void {
    this.watch(row);
    this.notify(row.userId, kind, row.id);
    this.tell(row, kind);
  }

  private tell(row: PositionRow, kind: LeverChangeKind): void {
    for (const listener of this.listeners) listener(row, kind);
  }

  /** Called after every committed open, fill and close (copy trading follows traders through it). */
  onChange(listener: (row: PositionRow, kind: LeverChangeKind) => void): void {
    this.listeners.push(listener);
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch((err: unknown) => this.o.log(err, 'futures job failed'));
  }

  private onTrade(inst: Instrument, trade: FeedTrade): void {
    if (this.stopped || !termsOf(inst)) return;
    const firstAfterStart = !this.seenPairs.has(inst.id);
    this.seenPairs.add(inst.id);
    const moves = this.index.follow(inst.id, trade.price);
    if (moves.length > 0) this.trailsMoved(moves);
    const fired = this.index.fire(inst.id, trade.price);
    if (fired.length === 0) return;
    // The tick that set the triggers off is what their closes record: price, feed time and feed.
    const tick = { price: trade.price, ts: trade.ts, source: this.o.market.quote(inst).source };
    this.enqueue(() => this.act(inst.id, tick, fired, firstAfterStart));
  }

  private async act(pairId: number, tick: ClosingTick, fired: Fired[], firstAfterStart: boolean): Promise<void> {
    const price = tick.price;
    for (const f of fired) {
      const now = this.o.now();
      try {
        const kind = f.kind;
        if (kind === 'limit_open') {
          const row = await inTransaction(this.o.db, (tx) => fill(tx, f.id, now));
          if (!row) continue;
          this.changed(row, 'filled');
          // Opened at this price: its own triggers may already be crossed by it.
          const again = this.index.fire(pairId, price);
          if (again.length > 0) await this.act(pairId, tick, again, false);
          continue;
        }
        const afterRestart = firstAfterStart && this.loadedAtStart.has(f.id);
        const done = await inTransaction(this.o.db, async (tx) => {
          const result = await closeTriggered(tx, f, tick, now, afterRestart);
          if (result && 'closed' in result) {
            await notifyFuturesClosed(tx, result.closed, result.kind, now);
            await appendRecords(tx, [triggerRecord(result.closed, result.kind, tick)]);
          }
          return result;
        });
        if (done && 'closed' in done) this.changed(done.closed, 'closed');
        else if (done) this.watch(done.open);
      } catch (err) {
        this.o.log(err, `futures trigger ${f.kind} of position ${f.id} failed`);
        await this.rewatch(f.id);
      }
    }
  }

  /** Queues the store of moved bests, once until it runs: moves meanwhile join the same write. */
  private trailsMoved(moves: TrailMove[]): void {
    for (const m of moves) this.unsavedBests.set(m.id, { id: m.id, best: m.best, since: m.since });
    if (this.savingBests) return;
    this.savingBests = true;
    this.enqueue(() => this.saveBests());
  }

  private async saveBests(): Promise<void> {
    this.savingBests = false;
    const bests = [...this.unsavedBests.values()];
    this.unsavedBests.clear();
    try {
      await saveTrailBests(this.o.db, bests);
    } catch (err) {
      // Kept for the next move's write; the write is conditional, so an old best never wins.
      for (const b of bests) if (!this.unsavedBests.has(b.id)) this.unsavedBests.set(b.id, b);
      this.o.log(err, 'trailing stop bests not stored');
    }
  }

  /** After a failed action: index the position again as the database has it. */
  private async rewatch(id: number): Promise<void> {
    try {
      const [row] = await positionsByIds(this.o.db, [id]);
      if (row) this.watch(row);
    } catch (err) {
      this.o.log(err, 'futures index reload failed');
    }
  }

  private onPump(t: number): void {
    if (this.stopped) return;
    const day = utcDay(t);
    if (this.overnightDay !== null && day <= this.overnightDay) return;
    this.overnightDay = day;
    this.enqueue(() => this.overnight(day));
  }

  /** Charges the overnight fees due by 00:00 UTC of `day`, once per position and day. */
  private async overnight(day: number): Promise<void> {
    for (const id of await overnightDue(this.o.db, day)) {
      const now = this.o.now();
      try {
        const row = await inTransaction(this.o.db, (tx) => chargeOvernight(tx, id, day, now));
        if (row) this.changed(row, 'overnight');
      } catch (err) {
        this.o.log(err, `overnight fee of position ${id} failed`);
      }
    }
  }

  /** Queues a `lever_trade` for the user: sent at once, or when a second has passed since the last. */
  notify(userId: number, kind: LeverChangeKind, id: number): void {
    if (this.stopped) return;
    let e = this.events.get(userId);
    if (!e) {
      e = { kinds: [], ids: [], timer: null, lastSent: 0 };
      this.events.set(userId, e);
    }
    if (!e.kinds.includes(kind)) e.kinds.push(kind);
    if (!e.ids.includes(id) && e.ids.length < MAX_EVENT_IDS) e.ids.push(id);
    if (e.timer) return;
    const interval = this.o.eventIntervalMs ?? EVENT_INTERVAL_MS;
    const wait = Math.max(0, e.lastSent + interval - Date.now());
    const entry = e;
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.send(userId, entry);
    }, wait);
    entry.timer.unref();
  }

  private async send(userId: number, e: PendingEvent): Promise<void> {
    if (this.stopped) return;
    const kinds = e.kinds.splice(0);
    const ids = e.ids.splice(0);
    e.lastSent = Date.now();
    try {
      const rows = await userLivePositions(this.o.db, userId);
      const totals = totalsOf(rows, (pairId) => markOf(this.o.market, instrumentOf(pairId)), '0');
      this.o.emit(userId, {
        type: LEVER_TRADE_EVENT,
        kinds,
        ids,
        open_count: totals.open_count,
        pending_count: totals.pending_count,
        hazard_rate: totals.hazard_rate,
      });
    } catch (err) {
      this.o.log(err, 'lever_trade event failed');
    }
  }
}
