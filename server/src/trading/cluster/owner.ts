import type { Redis } from 'ioredis';
import type { Trading } from '../core';
import type { CommittedBatch, StoredOrder } from '../types';
import type { StoredConditional } from '../conditional/types';
import { GROUP, type SpotKeys } from './keys';
import { LEASE_MS, type PairLeases } from './leases';
import {
  pairOfCommand,
  replyOf,
  type BookView,
  type Envelope,
  type WireBatch,
  type WireCommand,
  type WireReply,
} from './wire';

/** Levels and trades of each pair's book that every process mirrors. */
export const MIRROR_LEVELS = 50;
export const MIRROR_TRADES = 50;
/** Commands read per call, and how long a read waits for one. */
const READ_COUNT = 500;
const READ_BLOCK_MS = 200;
/** A command read but not answered for this long is taken again (read after a takeover's claim). */
const STALE_PENDING_MS = 2 * LEASE_MS;
/** How long a handover waits for the pair's commands in flight before letting it go anyway. */
const HANDOVER_WAIT_MS = 2_000;

export interface SpotOwnerOptions {
  trading: Trading;
  leases: PairLeases;
  /** Commands connection; blocking reads use a duplicate of it. */
  redis: Redis;
  keys: SpotKeys;
  /** Every pair, shared out among the live workers. */
  pairs: number[];
  log: (err: unknown, message: string) => void;
  tickMs?: number;
  /** Told every pair taken or let go (metrics, logs). */
  onMove?: (move: { gained: number[]; lost: number[] }) => void;
}

type Entry = [id: string, fields: string[] | null];
type Live = [id: string, fields: string[]];
/** XREADGROUP's answer: per stream `[key, entries]`, or flat `key, entries, ...` as ioredis 6 gives it. */
type ReadReply = [string, Entry[]][] | (string | Entry[])[] | null;

function streamsOf(reply: ReadReply): [string, Entry[]][] {
  if (!reply || reply.length === 0) return [];
  if (typeof reply[0] !== 'string') return reply as [string, Entry[]][];
  const out: [string, Entry[]][] = [];
  for (let i = 0; i + 1 < reply.length; i += 2) out.push([reply[i] as string, reply[i + 1] as Entry[]]);
  return out;
}

/**
 * A worker's side of spot matching: holds the leases of its share of the pairs, reads their
 * command streams (consumer group `owners`, one consumer per worker) into its trading core, answers
 * each command once its batch committed (or failed), then acknowledges and deletes it. A command
 * is acknowledged only once answered, so one whose owner died stays pending and the next owner
 * claims it before reading anything newer; the same idempotency key makes the client's retry of it
 * harmless. Each committed batch is published with the book after it, for every process's mirror.
 */
export class SpotOwner {
  private reader: Redis | undefined;
  /** Pairs whose streams are read. */
  private readonly active = new Set<number>();
  /** Entries handed to the core and not yet answered, by pair. */
  private readonly inflight = new Map<number, Set<string>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private reading: Promise<void> | undefined;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  /** Answers and acknowledgements waiting for the end of this turn of the event loop. */
  private outgoing = { replies: new Map<string, WireReply[]>(), acks: new Map<number, string[]>() };
  private flushing = false;
  /** When the last lease step succeeded (a worker whose steps fail is not ready). */
  private lastTick = 0;

  constructor(private readonly o: SpotOwnerOptions) {}

  get held(): number[] {
    return [...this.active];
  }

  async start(): Promise<void> {
    this.reader = this.o.redis.duplicate();
    this.unsubscribe = this.o.trading.onCommitted((batch) => this.publish(batch));
    await this.tick();
    this.timer = setInterval(() => void this.tickOnce(), this.o.tickMs ?? LEASE_MS / 5);
    this.timer.unref();
    this.reading = this.read();
  }

  /** Stops reading, answers what is in flight, and lets the pairs go so another worker takes them at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    const pairs = [...this.active];
    this.active.clear();
    await this.reading;
    await this.settled(pairs, HANDOVER_WAIT_MS);
    await this.o.trading.drop(pairs);
    await this.o.leases.leave().catch((err: unknown) => this.o.log(err, 'spot leases not released'));
    this.unsubscribe?.();
    this.reader?.disconnect();
  }

  /** One lease step, unless the last one still runs. */
  tickOnce(): Promise<void> {
    this.ticking ??= this.tick()
      .catch((err: unknown) => this.o.log(err, 'spot lease step failed'))
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  /** Whether its leases are in hand: the last lease step succeeded within a lease period. */
  healthy(): boolean {
    return Date.now() - this.lastTick < LEASE_MS;
  }

  private async tick(): Promise<void> {
    const t = await this.o.leases.tick(this.o.pairs, !this.stopped);
    this.lastTick = Date.now();
    if (t.lost.length > 0) {
      for (const p of t.lost) this.active.delete(p);
      await this.o.trading.drop(t.lost);
    }
    if (t.gained.length > 0) await this.takeOver(t.gained);
    const extra = [...t.held.keys()].sort((a, b) => b - a).slice(0, Math.max(0, t.held.size - t.share));
    if (extra.length > 0) await this.handOver(extra);
    else await this.claimStale();
    if (t.gained.length > 0 || t.lost.length > 0 || extra.length > 0) {
      this.o.onMove?.({ gained: t.gained, lost: [...t.lost, ...extra] });
    }
  }

  /** New pairs: books from the database, then the commands their last owner left unanswered. */
  private async takeOver(pairs: number[]): Promise<void> {
    const { redis, keys } = this.o;
    for (const p of pairs) {
      await redis.call('XGROUP', 'CREATE', keys.stream(p), GROUP, '0', 'MKSTREAM').catch((err: Error) => {
        if (!err.message.includes('BUSYGROUP')) throw err;
      });
    }
    await this.o.trading.adopt(pairs);
    for (const p of pairs) {
      this.publishBook(p);
      for (const [id, fields] of await this.claim(p, 0)) this.handle(p, id, fields);
      this.active.add(p);
    }
  }

  /** Lets pairs go to a worker that has fewer: stop reading, answer what is in flight, release. */
  private async handOver(pairs: number[]): Promise<void> {
    for (const p of pairs) this.active.delete(p);
    await this.settled(pairs, HANDOVER_WAIT_MS);
    await this.o.trading.drop(pairs);
    await this.o.leases.release(pairs);
  }

  /** Entries of held pairs read by someone else after this worker's claim (or left by a 503). */
  private async claimStale(): Promise<void> {
    for (const p of this.active) {
      const mine = this.inflight.get(p);
      for (const [id, fields] of await this.claim(p, STALE_PENDING_MS)) {
        if (!mine?.has(id)) this.handle(p, id, fields);
      }
    }
  }

  private async claim(pairId: number, minIdleMs: number): Promise<Live[]> {
    const out: Live[] = [];
    let cursor = '0-0';
    do {
      const [next, entries] = (await this.o.redis.call(
        'XAUTOCLAIM',
        this.o.keys.stream(pairId),
        GROUP,
        this.o.leases.workerId,
        String(minIdleMs),
        cursor,
        'COUNT',
        String(READ_COUNT),
      )) as [string, Entry[]];
      out.push(...entries.filter((e): e is Live => e[1] !== null));
      cursor = next;
    } while (cursor !== '0-0');
    return out;
  }

  private async read(): Promise<void> {
    while (!this.stopped) {
      const pairs = [...this.active];
      if (pairs.length === 0) {
        await new Promise((done) => setTimeout(done, READ_BLOCK_MS));
        continue;
      }
      try {
        const found = (await this.reader!.call(
          'XREADGROUP',
          'GROUP',
          GROUP,
          this.o.leases.workerId,
          'COUNT',
          String(READ_COUNT),
          'BLOCK',
          String(READ_BLOCK_MS),
          'STREAMS',
          ...pairs.map((p) => this.o.keys.stream(p)),
          ...pairs.map(() => '>'),
        )) as ReadReply;
        for (const [key, entries] of streamsOf(found)) {
          const pairId = Number(key.slice(key.lastIndexOf(':') + 1));
          // A pair let go during the read: its entries stay pending for the next owner's claim.
          if (!this.active.has(pairId)) continue;
          for (const [id, fields] of entries) if (fields) this.handle(pairId, id, fields);
        }
      } catch (err) {
        if (this.stopped) return;
        this.o.log(err, 'reading spot commands failed');
        await new Promise((done) => setTimeout(done, READ_BLOCK_MS));
      }
    }
  }

  /** Hands one command to the core; answers, acknowledges and deletes it once the core answered. */
  private handle(pairId: number, entryId: string, fields: string[]): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(fields[fields.indexOf('c') + 1]!) as Envelope;
      if (pairOfCommand(envelope.command) !== pairId) throw new Error(`command of another pair in ${pairId}'s stream`);
    } catch (err) {
      this.o.log(err, 'unreadable spot command dropped');
      void this.done(pairId, entryId);
      return;
    }
    let mine = this.inflight.get(pairId);
    if (!mine) this.inflight.set(pairId, (mine = new Set()));
    mine.add(entryId);
    this.run(envelope.command).then(
      (ok) => this.answer(pairId, entryId, envelope, { ok }),
      (error: unknown) => this.answer(pairId, entryId, envelope, { error }),
    );
  }

  private run(c: WireCommand): Promise<StoredOrder | StoredConditional> {
    const { trading } = this.o;
    switch (c.kind) {
      case 'place':
        return trading.place(c.order);
      case 'place_conditional':
        return trading.placeConditional(c.conditional);
      case 'cancel':
        return trading.cancel(c.owner, c.id, c.idempotency, c.pairId);
      case 'cancel_conditional':
        return trading.cancelConditional(c.owner, c.id, c.idempotency, c.pairId);
    }
  }

  /**
   * Queues the answer; the answers of one turn of the event loop (a batch answers all its commands
   * at once) leave together: one message per router, then one acknowledgement and one deletion
   * per stream.
   */
  private answer(pairId: number, entryId: string, envelope: Envelope, outcome: { ok: unknown } | { error: unknown }) {
    const replies = this.outgoing.replies.get(envelope.reply) ?? [];
    replies.push(replyOf(envelope.id, outcome));
    this.outgoing.replies.set(envelope.reply, replies);
    const acks = this.outgoing.acks.get(pairId) ?? [];
    acks.push(entryId);
    this.outgoing.acks.set(pairId, acks);
    if (this.outgoing.replies.size + this.outgoing.acks.size > 0 && !this.flushing) {
      this.flushing = true;
      setImmediate(() => void this.flush());
    }
  }

  private async flush(): Promise<void> {
    const { replies, acks } = this.outgoing;
    this.outgoing = { replies: new Map(), acks: new Map() };
    this.flushing = false;
    const { redis, keys } = this.o;
    await Promise.all(
      [...replies].map(([channel, list]) =>
        redis.publish(channel, JSON.stringify(list)).catch((err: unknown) => this.o.log(err, 'spot answers not sent')),
      ),
    );
    // Acknowledged only once answered: an owner that dies before this leaves them for the next one.
    await Promise.all(
      [...acks].map(async ([pairId, ids]) => {
        const key = keys.stream(pairId);
        await Promise.all([redis.xack(key, GROUP, ...ids), redis.xdel(key, ...ids)]).catch((err: unknown) =>
          this.o.log(err, 'spot commands not acknowledged'),
        );
        for (const id of ids) this.inflight.get(pairId)?.delete(id);
      }),
    );
  }

  private async done(pairId: number, entryId: string): Promise<void> {
    const key = this.o.keys.stream(pairId);
    await Promise.all([this.o.redis.xack(key, GROUP, entryId), this.o.redis.xdel(key, entryId)]).catch((err: unknown) =>
      this.o.log(err, 'spot command not acknowledged'),
    );
    this.inflight.get(pairId)?.delete(entryId);
  }

  /** Waits until the pairs' commands in flight are answered, at most `ms`. */
  private async settled(pairs: number[], ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (pairs.some((p) => (this.inflight.get(p)?.size ?? 0) > 0) && Date.now() < until) {
      await new Promise((done) => setTimeout(done, 20));
    }
  }

  private bookOf(pairId: number): BookView {
    const { bids, asks } = this.o.trading.depth(pairId, MIRROR_LEVELS);
    return { bids, asks, trades: this.o.trading.recentTrades(pairId, MIRROR_TRADES) };
  }

  private publishBook(pairId: number): void {
    this.o.redis
      .set(this.o.keys.book(pairId), JSON.stringify(this.bookOf(pairId)))
      .catch((err: unknown) => this.o.log(err, 'spot book not published'));
  }

  private publish(batch: CommittedBatch): void {
    const wire: WireBatch = { batch, book: this.bookOf(batch.pairId) };
    this.o.redis
      .multi()
      .set(this.o.keys.book(batch.pairId), JSON.stringify(wire.book))
      .publish(this.o.keys.batches, JSON.stringify(wire))
      .exec()
      .catch((err: unknown) => this.o.log(err, 'spot batch not published'));
  }
}
