// The market feed across processes: one publisher runs the feed and appends what it produces to a
// Redis stream; every other process reads the stream and applies the same events. The publisher
// is whoever holds the seat (`publisher-seat.ts`); candidates try for it every `retryMs`.
import type { Redis } from 'ioredis';
import type { Tx } from '../db/client';
import type { FeedEvent } from './feed';
import type { PublisherSeat } from './publisher-seat';

/** What the publisher sends at once: the events of one turn of its event loop, or record marks. */
export interface RelayBatch {
  events: FeedEvent[];
  /** Pair id → time through which the price record is stored (`price-history.ts`). */
  marks?: Record<string, number>;
}

/** What the market runtime does as the relay's state changes. */
export interface RelaySink {
  /** A batch of the publisher's, in order (this process follows). */
  receive(batch: RelayBatch): void;
  /** This process holds the seat: it runs the feed from what it has applied so far. */
  promoted(): void;
  /** This process lost the seat: it stops the feed and follows from now on. */
  demoted(): void;
}

export interface FeedRelay {
  /** Follows, and stands for publisher when a candidate; resolves once the first try is decided. */
  start(sink: RelaySink): Promise<void>;
  /** Whether this process is the publisher now. */
  publishing(): boolean;
  /** Appends a batch for the followers (the publisher only; dropped otherwise). */
  send(batch: RelayBatch): void;
  /** Inside `tx`: throws unless this process still holds the seat (see `PublisherSeat.fence`). */
  fence(tx: Tx): Promise<void>;
  stop(): Promise<void>;
}

export interface RelayOptions {
  redisUrl: string;
  databaseUrl: string;
  /** Stands for publisher (`all` and `worker` processes); `api` processes only follow. */
  candidate: boolean;
  /** How often a candidate tries for the seat and the publisher checks it (default 2 s). */
  retryMs?: number;
  onError: (err: unknown) => void;
}

const RETRY_MS = 2_000;
/** Some minutes of a simulated feed's batches (two a second): enough to ride out a reconnect. */
const STREAM_LENGTH = 1_000;
const BLOCK_MS = 1_000;
const READ_COUNT = 500;
const CONNECT_TIMEOUT_MS = 5_000;

/** One stream per database: deployments sharing a Redis do not read each other's feed. */
export function streamKey(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  return `h5:market-feed:${u.host}${u.pathname}`;
}

interface Wire {
  /** The publisher's epoch (decimal); batches of an older one are dropped. */
  e: string;
  /** Per-epoch sequence number: a gap says batches were trimmed away while this process lagged. */
  n: number;
  b: RelayBatch;
}

type State = 'idle' | 'following' | 'promoting' | 'publishing' | 'stopped';

async function connectRedis(url: string, onError: (err: unknown) => void): Promise<[Redis, Redis]> {
  const { Redis } = await import('ioredis');
  const options = { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3 };
  const writer = new Redis(url, options);
  // Blocking reads get a connection of their own.
  const reader = writer.duplicate({ ...options, maxRetriesPerRequest: null });
  // Later drops are retried by ioredis; without a listener they would end the process.
  writer.on('error', onError);
  reader.on('error', onError);
  try {
    await Promise.all([writer.connect(), reader.connect()]);
  } catch (err) {
    writer.disconnect();
    reader.disconnect();
    const shown = new URL(url);
    if (shown.password) shown.password = '***';
    throw new Error(`Redis at REDIS_URL is unreachable (${shown.toString()}): ${(err as Error).message}`, {
      cause: err,
    });
  }
  return [writer, reader];
}

/** Reads the stream in order after `lastId`, dropping batches of a publisher that was superseded. */
class StreamReader {
  /** The last entry read or written: reading resumes after it. */
  lastId = '0-0';
  /** Highest epoch seen and the last sequence number of it. */
  private seen = { epoch: 0n, n: 0 };

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly onBatch: (batch: RelayBatch) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** This process publishes as `epoch` from now on: what it reads after a demotion must be newer. */
  publishAs(epoch: bigint): void {
    this.seen = { epoch, n: 0 };
  }

  /** Applies what is there (waiting up to `BLOCK_MS` for something when `block`); returns how many. */
  async readOnce(block: boolean): Promise<number> {
    const args = ['COUNT', READ_COUNT, ...(block ? ['BLOCK', BLOCK_MS] : []), 'STREAMS', this.key, this.lastId];
    const xread = this.redis.xread as (...a: unknown[]) => Promise<unknown>;
    const res = (await xread.apply(this.redis, args)) as [string, [string, string[]][]][] | null;
    let n = 0;
    for (const [, entries] of res ?? []) {
      for (const [id, fields] of entries) {
        this.deliver(id, fields);
        n += 1;
      }
    }
    return n;
  }

  private deliver(id: string, fields: string[]): void {
    this.lastId = id;
    const raw = fields[1];
    if (!raw) return;
    const wire = JSON.parse(raw) as Wire;
    const e = BigInt(wire.e);
    // A publisher that lost its seat may still send a little: the newer epoch wins.
    if (e < this.seen.epoch) return;
    if (e === this.seen.epoch && wire.n !== this.seen.n + 1) {
      this.onError(new Error(`market feed: ${wire.n - this.seen.n - 1} batches of the publisher were missed`));
    }
    this.seen = { epoch: e, n: wire.n };
    this.onBatch(wire.b);
  }
}

export function createFeedRelay(o: RelayOptions): FeedRelay {
  const key = streamKey(o.databaseUrl);
  const retryMs = o.retryMs ?? RETRY_MS;
  let state: State = 'idle';
  let sink: RelaySink | undefined;
  let writer: Redis | undefined;
  let reader: Redis | undefined;
  let stream: StreamReader | undefined;
  let seat: PublisherSeat | undefined;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> | undefined;
  let electing: Promise<void> | undefined;
  let epoch = 0n;
  let seq = 0;

  async function follow(): Promise<void> {
    while (state === 'following') {
      try {
        await stream?.readOnce(true);
      } catch (err) {
        if (state !== 'following') return;
        o.onError(err);
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  }

  function startFollowing(): void {
    state = 'following';
    reading = follow();
  }

  /** Takes the seat if free: the stream is read to its end first, so the feed continues from there. */
  async function elect(): Promise<void> {
    if (state !== 'following' || !seat) return;
    const got = await seat.take();
    // Stopped while asking: the seat goes with the connection.
    if (got === null || (state as State) !== 'following') return;
    state = 'promoting';
    await reading;
    while (stream && (await stream.readOnce(false)) > 0);
    if ((state as State) !== 'promoting') return;
    epoch = got;
    seq = 0;
    stream?.publishAs(got);
    state = 'publishing';
    sink?.promoted();
  }

  /** Every `retryMs`: a candidate asks for the seat, the publisher checks it still holds it. */
  function tick(): void {
    if (electing) return;
    const work = state === 'publishing' ? seat?.check().then(stillHeld) : elect();
    electing = (work ?? Promise.resolve())
      .catch((err: unknown) => {
        if (state !== 'stopped') o.onError(err);
      })
      .finally(() => {
        electing = undefined;
      });
  }

  /** A seat lost while this process was still taking it is found by the next check. */
  function stillHeld(held: boolean): void {
    if (!held) lost(new Error('the market feed seat is not held'));
  }

  function lost(err: Error): void {
    if (state !== 'publishing') return;
    o.onError(new Error('market feed: lost the publisher seat; following from now on', { cause: err }));
    sink?.demoted();
    startFollowing();
  }

  return {
    async start(s) {
      sink = s;
      [writer, reader] = await connectRedis(o.redisUrl, o.onError);
      stream = new StreamReader(reader, key, (batch) => sink?.receive(batch), o.onError);
      // A process that joins starts after the newest batch: what came before is in the stored candles.
      const [newest] = (await writer.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][];
      if (newest) stream.lastId = newest[0];
      startFollowing();
      if (!o.candidate) return;
      const { publisherSeat } = await import('./publisher-seat');
      seat = publisherSeat(o.databaseUrl, lost);
      tick();
      await electing;
      timer = setInterval(tick, retryMs);
      timer.unref();
    },
    publishing: () => state === 'publishing',
    send(batch) {
      if (state !== 'publishing' || !writer) return;
      seq += 1;
      const wire: Wire = { e: epoch.toString(), n: seq, b: batch };
      writer
        .xadd(key, 'MAXLEN', '~', String(STREAM_LENGTH), '*', 'm', JSON.stringify(wire))
        .then((id) => {
          if (id && stream) stream.lastId = id;
        })
        .catch((err: unknown) => o.onError(err));
    },
    async fence(tx) {
      if (!seat) throw new Error('this process does not stand for market feed publisher');
      await seat.fence(tx);
    },
    /** The runtime has stopped the feed and written its last data (still fenced) before this. */
    async stop() {
      state = 'stopped';
      if (timer) clearInterval(timer);
      // Ends a blocking read at once; an election in flight then gives up.
      reader?.disconnect();
      await electing;
      await reading;
      // Closing the seat's connection frees it for the next candidate at once.
      await seat?.close();
      await writer?.quit().catch((err: unknown) => o.onError(err));
    },
  };
}
