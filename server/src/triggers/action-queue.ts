import type { Db } from '../db/client';
import { inTransaction, type Tx } from '../ledger/index';

export interface ActionQueueOptions {
  db: Db;
  /** Names the watcher in the log line of a job that failed. */
  name: string;
  log: (err: unknown, message: string) => void;
  /** Runs one action's transaction; tests put a pause before the commit here. */
  transaction?: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}

/**
 * What a price watcher does about the triggers a tick reached (liquidations, alert firings): one
 * job at a time, in the order the ticks came, each action in its own transaction. A failed job is
 * logged and the next one runs; stopping refuses new jobs and waits for the queued ones.
 */
export class ActionQueue {
  private tail: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly o: ActionQueueOptions) {}

  get stopped(): boolean {
    return this.closed;
  }

  /** Queues `job`; once stopped, nothing more is queued. */
  push(job: () => Promise<void>): void {
    if (this.closed) return;
    this.tail = this.tail.then(job).catch((err: unknown) => this.o.log(err, `${this.o.name} failed`));
  }

  /** Queues `job` after the queued ones and answers with its own outcome (its error is the caller's). */
  call<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.o.transaction ? this.o.transaction(fn) : inTransaction(this.o.db, fn);
  }

  /** Resolves once every queued job is done, including jobs queued meanwhile (tests, shutdown). */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.tail) {
      seen = this.tail;
      await seen;
    }
  }

  async stop(): Promise<void> {
    this.closed = true;
    await this.idle();
  }
}
