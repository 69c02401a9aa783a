import type { Redis } from 'ioredis';

const CONNECT_TIMEOUT_MS = 5_000;

/**
 * This process's Redis (`REDIS_URL`): what several API processes share besides the database.
 * One connection for commands and publishing (the rate-limit counters, socket.io's broadcasts)
 * and one subscribed connection (socket.io's adapter), so a process holds two connections
 * whatever uses them.
 */
export interface RedisLink {
  /** Commands and publishing. */
  client: Redis;
  /** In subscriber mode once socket.io's adapter subscribes: nothing else sends commands on it. */
  subscriber: Redis;
  /** Starts every key and channel name (`REDIS_PREFIX`), so deployments or test runs can share one Redis. */
  prefix: string;
  /** Whether Redis answers on both connections (a process that lost Redis is not ready to serve). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** Connects both connections, or fails the start with the URL (without its password) and the reason. */
export async function openRedis(url: string, prefix: string, onError: (err: Error) => void): Promise<RedisLink> {
  // Loaded only with REDIS_URL, so a single process does not load it at every start.
  const { Redis } = await import('ioredis');
  // lazyConnect so an unreachable Redis fails the start with a clear error instead of retrying
  // silently while every broadcast stays local and every counter is skipped.
  // No auto-pipelining: with it, commands queued when the link closes reject with nobody to catch them.
  const options = { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3 };
  const client = new Redis(url, options);
  const subscriber = client.duplicate(options);
  // Later connection drops are retried by ioredis; without a listener they would crash the process.
  client.on('error', onError);
  subscriber.on('error', onError);
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (err) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable (${redacted(url)}): ${(err as Error).message}`, {
      cause: err,
    });
  }
  return {
    client,
    subscriber,
    prefix,
    // The subscriber connection answers PING too while subscribed (RESP2 allows it).
    ready: async () => {
      await Promise.all([client.ping(), subscriber.ping()]);
      return true;
    },
    close: async () => {
      await Promise.allSettled([client.quit(), subscriber.quit()]);
    },
  };
}

/** The URL without its password, for error messages. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'invalid URL';
  }
}
