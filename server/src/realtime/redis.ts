import type { Server } from 'socket.io';

const CONNECT_TIMEOUT_MS = 5_000;

export interface RedisLink {
  /** Whether Redis answers on both connections (a process that lost Redis is not ready to serve). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** The socket.io Redis adapter on its own pub/sub pair. */
export async function useRedisAdapter(io: Server, url: string, onError: (err: Error) => void): Promise<RedisLink> {
  // Loaded only with REDIS_URL, so a single process does not load them at every start.
  const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
  // lazyConnect so an unreachable Redis fails the start with a clear error instead of retrying
  // silently while every broadcast stays local to this process.
  const options = { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 3 };
  const pub = new Redis(url, options);
  const sub = pub.duplicate(options);
  // Later connection drops are retried by ioredis; without a listener they would crash the process.
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    throw new Error(`Redis at REDIS_URL is unreachable (${redacted(url)}): ${(err as Error).message}`, {
      cause: err,
    });
  }
  io.adapter(createAdapter(pub, sub));
  return {
    // The subscriber connection answers PING too while subscribed (RESP2 allows it).
    ready: async () => {
      await Promise.all([pub.ping(), sub.ping()]);
      return true;
    },
    close: async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** The URL without its password, for error messages. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'invalid URL';
  }
}
