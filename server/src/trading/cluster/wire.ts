import { AppError } from '../../errors';
import { reviveAnswer } from '../answers';
import type { NewConditional, StoredConditional } from '../conditional/types';
import type { CommittedBatch, IdempotencyInput, NewOrder, OrderOwner, StoredOrder, StoredTrade } from '../types';

/**
 * What travels between an API process and a pair's owner through Redis, as JSON. Commands carry
 * their pair, so the owner never guesses where a cancel belongs.
 */
export type WireCommand =
  | { kind: 'place'; order: NewOrder }
  | { kind: 'place_conditional'; conditional: NewConditional }
  | { kind: 'cancel'; owner: OrderOwner; id: number; pairId: number; idempotency?: IdempotencyInput | undefined }
  | {
      kind: 'cancel_conditional';
      owner: number;
      id: number;
      pairId: number;
      idempotency?: IdempotencyInput | undefined;
    };

/** A command as added to its pair's stream: who waits for the answer and under which id. */
export interface Envelope {
  id: string;
  reply: string;
  command: WireCommand;
}

export type WireReply =
  | { id: string; ok: unknown }
  | {
      id: string;
      error: { key: string; type: string; field?: string; values: Record<string, string | number>; status: number };
    };

export function pairOfCommand(c: WireCommand): number {
  switch (c.kind) {
    case 'place':
      return c.order.pairId;
    case 'place_conditional':
      return c.conditional.pairId;
    case 'cancel':
    case 'cancel_conditional':
      return c.pairId;
  }
}

export function replyOf(id: string, outcome: { ok: unknown } | { error: unknown }): WireReply {
  if ('ok' in outcome) return { id, ok: outcome.ok };
  const err = outcome.error;
  if (err instanceof AppError) {
    const { key, type, field, values, status } = err;
    return { id, error: { key, type, ...(field ? { field } : {}), values, status } };
  }
  return { id, error: { key: 'internal_error', type: 'error', values: {}, status: 503 } };
}

export function answerOf(reply: WireReply): StoredOrder | StoredConditional {
  if ('ok' in reply) return reviveAnswer(reply.ok);
  const { key, type, field, values, status } = reply.error;
  throw new AppError(key, { type: type as AppError['type'], ...(field ? { field } : {}), values, status });
}

/** One committed batch of a pair as the owner publishes it, with the book after it. */
export interface WireBatch {
  batch: CommittedBatch;
  book: BookView;
}

/** A pair's book as mirrored in every process: top levels and the latest trades, newest first. */
export interface BookView {
  bids: [string, string][];
  asks: [string, string][];
  trades: StoredTrade[];
}

const dated = <T extends { createdAt: Date | string }>(x: T): T => ({ ...x, createdAt: new Date(x.createdAt) });

export function reviveBook(view: BookView): BookView {
  return { ...view, trades: view.trades.map(dated) };
}

export function reviveBatch(wire: WireBatch): WireBatch {
  const { batch } = wire;
  return {
    batch: {
      pairId: batch.pairId,
      trades: batch.trades.map(dated),
      orders: batch.orders.map((o) => ({ ...dated(o), updatedAt: new Date(o.updatedAt) })),
    },
    book: reviveBook(wire.book),
  };
}
