import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { AppError } from '../../errors';
import { answeredUnder } from '../core';
import type { ConditionalCore, NewConditional, StoredConditional } from '../conditional/types';
import { PAIRS } from '../pairs';
import type {
  CommittedBatch,
  IdempotencyInput,
  NewOrder,
  OrderOwner,
  StoredOrder,
  StoredTrade,
  TradingCore,
} from '../types';
import type { SpotKeys } from './keys';
import {
  answerOf,
  pairOfCommand,
  reviveBatch,
  reviveBook,
  type BookView,
  type Envelope,
  type WireBatch,
  type WireCommand,
  type WireReply,
} from './wire';

/** How long a command waits for its owner's answer (a failover included) before answering 503. */
export const COMMAND_TIMEOUT_MS = 15_000;

export interface RemoteTradingOptions {
  db: Db;
  /** Commands connection; the subscriptions use a duplicate of it. */
  redis: Redis;
  keys: SpotKeys;
  log: (err: unknown, message: string) => void;
  timeoutMs?: number;
}

interface Waiting {
  resolve: (reply: WireReply) => void;
  timer: NodeJS.Timeout;
}

const unavailable = () => new AppError('internal_error', { status: 503 });

/**
 * The trading core as a process that owns no pair sees it: each command goes to its pair's
 * stream and is answered when the owner's batch committed (or failed). Depth and recent trades
 * come from a mirror of the books that the owners publish after every batch, so reads cost no hop.
 */
export class RemoteTrading implements TradingCore, ConditionalCore {
  readonly id = `${process.pid}-${randomUUID()}`;
  private readonly pending = new Map<string, Waiting>();
  private readonly books = new Map<number, BookView>();
  private readonly listeners = new Set<(batch: CommittedBatch) => void>();
  private sub: Redis | undefined;
  private started = false;

  constructor(private readonly o: RemoteTradingOptions) {}

  async start(): Promise<void> {
    const { redis, keys } = this.o;
    this.sub = redis.duplicate();
    this.sub.on('message', (channel: string, message: string) => this.heard(channel, message));
    await this.sub.subscribe(keys.reply(this.id), keys.batches);
    const pairIds = [...PAIRS.keys()];
    const found = await redis.mget(pairIds.map((p) => keys.book(p)));
    pairIds.forEach((p, i) => {
      const text = found[i];
      // A batch heard since subscribing is newer than the stored book.
      if (text && !this.books.has(p)) this.books.set(p, reviveBook(JSON.parse(text) as BookView));
    });
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const [id, w] of this.pending) {
      clearTimeout(w.timer);
      this.pending.delete(id);
      w.resolve({ id, error: { key: 'internal_error', type: 'error', values: {}, status: 503 } });
    }
    this.sub?.disconnect();
  }

  get waiting(): number {
    return this.pending.size;
  }

  place(order: NewOrder): Promise<StoredOrder> {
    return this.send({ kind: 'place', order }) as Promise<StoredOrder>;
  }

  placeConditional(conditional: NewConditional): Promise<StoredConditional> {
    return this.send({ kind: 'place_conditional', conditional }) as Promise<StoredConditional>;
  }

  async cancel(owner: OrderOwner, id: number, idempotency?: IdempotencyInput): Promise<StoredOrder> {
    const pairId = await this.pairOf('spot_orders', owner, id);
    if (pairId === undefined) return this.notFound(owner, idempotency) as Promise<StoredOrder>;
    return this.send({ kind: 'cancel', owner, id, pairId, idempotency }) as Promise<StoredOrder>;
  }

  async cancelConditional(owner: number, id: number, idempotency?: IdempotencyInput): Promise<StoredConditional> {
    const pairId = await this.pairOf('spot_conditional_orders', owner, id);
    if (pairId === undefined) return this.notFound(owner, idempotency) as Promise<StoredConditional>;
    return this.send({ kind: 'cancel_conditional', owner, id, pairId, idempotency }) as Promise<StoredConditional>;
  }

  answered(owner: number, idempotency: IdempotencyInput): Promise<StoredOrder | undefined> {
    return answeredUnder(this.o.db, owner, idempotency);
  }

  depth(pairId: number, levels: number): { bids: [string, string][]; asks: [string, string][] } {
    const book = this.books.get(pairId);
    return { bids: book?.bids.slice(0, levels) ?? [], asks: book?.asks.slice(0, levels) ?? [] };
  }

  recentTrades(pairId: number, count: number): StoredTrade[] {
    return (this.books.get(pairId)?.trades ?? []).slice(0, count);
  }

  onCommitted(listener: (batch: CommittedBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async send(command: WireCommand): Promise<StoredOrder | StoredConditional> {
    if (!this.started) throw unavailable();
    const pairId = pairOfCommand(command);
    const envelope: Envelope = { id: randomUUID(), reply: this.o.keys.reply(this.id), command };
    const answer = new Promise<WireReply>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(envelope.id);
        resolve({ id: envelope.id, error: { key: 'internal_error', type: 'error', values: {}, status: 503 } });
      }, this.o.timeoutMs ?? COMMAND_TIMEOUT_MS);
      timer.unref();
      this.pending.set(envelope.id, { resolve, timer });
    });
    try {
      await this.o.redis.xadd(this.o.keys.stream(pairId), '*', 'c', JSON.stringify(envelope));
    } catch (err) {
      this.settle({ id: envelope.id, error: { key: 'internal_error', type: 'error', values: {}, status: 503 } });
      this.o.log(err, 'spot command not sent');
    }
    return answerOf(await answer);
  }

  /** Another user's id, or none: answered as a missing order (a retry gets its stored answer). */
  private async notFound(owner: OrderOwner, idempotency?: IdempotencyInput): Promise<StoredOrder | StoredConditional> {
    const replay = typeof owner === 'number' && idempotency ? await this.answered(owner, idempotency) : undefined;
    if (replay) return replay;
    throw new AppError('order_not_found', { field: 'id' });
  }

  private async pairOf(table: 'spot_orders' | 'spot_conditional_orders', owner: OrderOwner, id: number) {
    const user = owner === 'maker' ? sql`user_id IS NULL` : sql`user_id = ${owner}`;
    const [r] = await rows<{ pair_id: number }>(
      this.o.db,
      sql`SELECT pair_id FROM ${sql.raw(table)} WHERE id = ${id} AND ${user}`,
    );
    return r?.pair_id;
  }

  private heard(channel: string, message: string): void {
    try {
      if (channel === this.o.keys.batches) this.applyBatch(reviveBatch(JSON.parse(message) as WireBatch));
      // An owner sends the answers of one batch to each router together.
      else for (const reply of JSON.parse(message) as WireReply[]) this.settle(reply);
    } catch (err) {
      this.o.log(err, 'unreadable spot message');
    }
  }

  private settle(reply: WireReply): void {
    const w = this.pending.get(reply.id);
    if (!w) return;
    clearTimeout(w.timer);
    this.pending.delete(reply.id);
    w.resolve(reply);
  }

  private applyBatch({ batch, book }: WireBatch): void {
    this.books.set(batch.pairId, book);
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (err) {
        this.o.log(err, 'a committed-batch listener failed');
      }
    }
  }
}
