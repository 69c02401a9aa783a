import { count } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client';
import { pushOutbox } from '../db/schema/index';

/**
 * The process's own figures (CPU, memory, event-loop lag, GC), collected once per process: every
 * app built in it (tests build hundreds) shares them rather than starting its own observers.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What an app reads at scrape time; each is optional so a partly built app still answers. */
export interface MetricSources {
  db: Db;
  sockets?: () => number;
  tradingQueue?: () => number;
  /** Spot pairs whose books this process matches (all of them on a single server, none on an api). */
  pairsHeld?: () => number;
  /** Whether this process runs the market feed (its one publisher among several processes). */
  feedPublisher?: () => boolean;
}

// Short API requests; the tail covers slow database moments and long uploads.
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
const COMMIT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** One app's Prometheus metrics (`prom-client`), served at `/metrics` by `ops/plugin.ts`. */
export class Metrics {
  readonly registry = new Registry();
  private readonly http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });
  private readonly batchSize = new Histogram({
    name: 'trading_batch_commands',
    help: 'Commands per trading batch (group commit)',
    buckets: BATCH_BUCKETS,
    registers: [this.registry],
  });
  private readonly batchCommit = new Histogram({
    name: 'trading_batch_seconds',
    help: 'Time from taking a trading batch to its commit or failure',
    labelNames: ['outcome'] as const,
    buckets: COMMIT_BUCKETS,
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'scheduler_job_failures_total',
    help: 'Scheduled job passes that failed (they run again on the next tick)',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private sources: MetricSources | undefined;
  // Gauges read at scrape time: one value per scrape, nothing kept up to date between them.
  private readonly sockets: Gauge = new Gauge({
    name: 'realtime_sockets',
    help: 'socket.io connections held by this process',
    registers: [this.registry],
    collect: () => this.sockets.set(this.sources?.sockets?.() ?? 0),
  });
  private readonly tradingQueue: Gauge = new Gauge({
    name: 'trading_queue_commands',
    help: 'Trading commands waiting for the next batch',
    registers: [this.registry],
    collect: () => this.tradingQueue.set(this.sources?.tradingQueue?.() ?? 0),
  });
  private readonly pairsHeld: Gauge = new Gauge({
    name: 'spot_pairs_held',
    help: 'Spot pairs this process matches (a worker: the pairs it leases)',
    registers: [this.registry],
    collect: () => this.pairsHeld.set(this.sources?.pairsHeld?.() ?? 0),
  });
  private readonly pairMoves = new Counter({
    name: 'spot_pair_moves_total',
    help: 'Spot pair leases this worker took (gained) or gave up or lost (released)',
    labelNames: ['move'] as const,
    registers: [this.registry],
  });
  private readonly feedPublisher: Gauge = new Gauge({
    name: 'market_feed_publisher',
    help: '1 while this process runs the market feed and writes its candles and price record',
    registers: [this.registry],
    collect: () => this.feedPublisher.set(this.sources?.feedPublisher?.() ? 1 : 0),
  });
  private readonly pushRows: Gauge = new Gauge({
    name: 'push_outbox_rows',
    help: 'Push deliveries not yet accepted by a push service (every process sees the same table)',
    registers: [this.registry],
    collect: async () => {
      const db = this.sources?.db;
      if (!db) return;
      const [row] = await db.select({ n: count() }).from(pushOutbox);
      this.pushRows.set(row?.n ?? 0);
    },
  });

  /** Where the gauges read from, once the app has them. */
  readFrom(sources: MetricSources): void {
    this.sources = sources;
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
  }

  tradingBatch(commands: number, seconds: number, ok: boolean): void {
    this.batchSize.observe(commands);
    this.batchCommit.observe({ outcome: ok ? 'committed' : 'failed' }, seconds);
  }

  pairsMoved(gained: number, released: number): void {
    if (gained > 0) this.pairMoves.inc({ move: 'gained' }, gained);
    if (released > 0) this.pairMoves.inc({ move: 'released' }, released);
  }

  jobFailed(job: string): void {
    this.jobFailures.inc({ job });
  }

  /** The text Prometheus scrapes: this app's metrics and the process's. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([processMetrics(), this.registry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
