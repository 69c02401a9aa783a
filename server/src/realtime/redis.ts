import type { Server } from 'socket.io';
import type { RedisLink } from '../redis/connect';

/**
 * The socket.io Redis adapter on the process's Redis link: a room's emit (`user:<id>`, a market
 * stream) reaches its members on every process. Channels start with the link's prefix.
 */
export async function useRedisAdapter(io: Server, redis: RedisLink): Promise<void> {
  // Loaded only with REDIS_URL, so a single process does not load it at every start.
  const { createAdapter } = await import('@socket.io/redis-adapter');
  io.adapter(createAdapter(redis.client, redis.subscriber, { key: `${redis.prefix}socket.io` }));
}
