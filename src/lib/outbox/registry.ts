import type { AppDatabase, OutboxRow } from '../db';
import type { Outcome } from './classify';

/** What a kind's `send` gets: the entry, the database (to record progress) and the network. */
export interface SendContext<P> {
  db: AppDatabase;
  row: OutboxRow<P> & { id: number };
  fetch: typeof fetch;
  /** Where the API is, `/api` in the app. */
  base: string;
}

/**
 * One kind of queued action, registered by the feature that queues it. `send` replays the entry
 * and classifies the reply (`fetchClassified`); `settle` runs once the API accepted or refused it,
 * after the entry left the queue, to update what the screens show. Both run in the service worker
 * as well as in the page, so they may use only `src/lib/db`, `src/lib/outbox` and `contract/`.
 */
export interface OutboxKind<P = unknown> {
  kind: string;
  send(ctx: SendContext<P>): Promise<Outcome>;
  settle(db: AppDatabase, row: OutboxRow<P>, outcome: Exclude<Outcome, { result: 'retry' }>): Promise<void>;
}

const kinds = new Map<string, OutboxKind>();

/** Registers a kind's handler; registering the same kind again replaces it (a hot reload). */
export function registerOutboxKind<P>(handler: OutboxKind<P>): void {
  kinds.set(handler.kind, handler as OutboxKind);
}

export function outboxKind(kind: string): OutboxKind | undefined {
  return kinds.get(kind);
}

export function registeredKinds(): string[] {
  return [...kinds.keys()];
}
