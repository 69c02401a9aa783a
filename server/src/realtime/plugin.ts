import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { MarketEvent } from '@contract/market-events';
import { createMarketHub, type MarketHub } from '../market/hub';
import { resolveSession } from '../sessions/sessions';
import { isStaff } from './staff';
import { handleConnection, type ConnectionLimits } from './connection';
import type { RedisLink } from '../redis/connect';
import { useRedisAdapter } from './redis';
import { roomOfEvent, userRoom } from './rooms';
import { createRoomThrottle } from './throttle';
import { WatchedSessions } from './watched-sessions';

export interface RealtimeOptions extends Partial<ConnectionLimits> {
  /** Where market events come from; a fresh hub when omitted. */
  hub?: MarketHub;
  /** Fan out through Redis (several server processes); local only when unset. The app owns and closes it. */
  redis?: RedisLink | undefined;
  /** Least time between two emits to one room (a pair's stream); the hub aims at one a second. */
  minGapMs?: number;
  /** Depth levels per side sent to clients, so a deep book never makes a large message. */
  depthLevels?: number;
  /**
   * Accept socket.io connections (default true). A worker process does not: it only emits to
   * users' rooms, through Redis, for the API processes' connections.
   */
  serve?: boolean;
  /**
   * Every process applies the same market feed (`market/relay.ts`): market events go to this
   * process's own connections only, not through Redis, so no client hears a tick once per process.
   */
  marketLocal?: boolean;
}

export interface Realtime {
  io: Server;
  hub: MarketHub;
  /** Whether the Redis link is up; absent without Redis (one process). */
  redisReady: (() => Promise<boolean>) | undefined;
  /** Sends to every connection logged in as `userId`, on any process when Redis is on. */
  emitToUser(userId: number, event: string, payload: unknown): void;
  /** Open socket.io connections of this process. */
  connections(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export const DEFAULT_REALTIME = {
  // Every pair's ticker on the market tab plus one pair page, with room to grow.
  maxSubscriptions: 100,
  messagesPerSecond: 20,
  messageBurst: 100,
  // A little under a second, so a hub ticking every second with jitter is never held back.
  minGapMs: 900,
  depthLevels: 20,
};

function trimmed(event: MarketEvent, levels: number): MarketEvent {
  if (event.type !== 'market_depth') return event;
  if (event.bids.length <= levels && event.asks.length <= levels) return event;
  return { ...event, bids: event.bids.slice(0, levels), asks: event.asks.slice(0, levels) };
}

/** socket.io at /socket.io on the app's own HTTP server (same port), closed with the app. */
async function realtime(app: FastifyInstance, options: RealtimeOptions): Promise<void> {
  const o = { ...DEFAULT_REALTIME, ...options };
  const hub = options.hub ?? createMarketHub();
  const settings = {
    path: '/socket.io',
    serveClient: false,
    // Client messages are a few hundred bytes; anything bigger is a misbehaving client.
    maxHttpBufferSize: 16 * 1024,
  };
  // Not attached to the HTTP server, it takes no connection; its emits still reach the others.
  const serving = o.serve !== false;
  const io = serving ? new Server(app.server, settings) : new Server(settings);
  // engine.io keeps each connection's first HTTP request for the connection's whole life (headers,
  // parser and socket state: the largest part of a connection's memory). The handshake is built
  // without it and nothing here reads it later (socket.io's documented memory advice).
  if (serving) {
    io.engine.on('connection', (raw: { request: unknown }) => {
      raw.request = null;
    });
  }
  const redis = o.redis;
  if (redis) await useRedisAdapter(io, redis);
  const clustered = redis !== undefined && !o.marketLocal;
  const rooms = io.of('/').adapter.rooms;
  const marketOut = o.marketLocal ? io.local : io;

  const throttle = createRoomThrottle<MarketEvent>(o.minGapMs, (room, event) => {
    marketOut.to(room).emit(event.type, event);
  });
  const unsubscribeHub = hub.subscribe((event) => {
    const room = roomOfEvent(event);
    // Locally an empty room is known for sure; with Redis another process may have listeners.
    if (!clustered && !rooms.has(room)) return;
    throttle.push(room, trimmed(event, o.depthLevels));
  });

  // Revocations, freezes and account changes, from this process or announced by the database,
  // reach the connections logged in with the session or account concerned.
  const watched = new WatchedSessions();
  const stopObserving = app.ctx.sessions.onDrop((drop) => {
    if (drop === 'all') watched.all();
    else if ('sessionId' in drop) watched.sessionChanged(drop.sessionId);
    else watched.userChanged(drop.userId);
  });

  io.on('connection', (socket) => {
    handleConnection(socket, {
      limits: {
        maxSubscriptions: o.maxSubscriptions,
        messagesPerSecond: o.messagesPerSecond,
        messageBurst: o.messageBurst,
      },
      sessionOfToken: async (token) => {
        const auth = await resolveSession(app.ctx, token);
        return auth && { userId: auth.user.id, sessionId: auth.sessionId };
      },
      watchSession: (session, recheck) => watched.watch(session, recheck),
      mayJoin: async (userId, room) => room === 'chat' || (await isStaff(app.ctx, userId)),
      onError: (err) => app.log.error({ err }, 'socket message failed'),
    });
  });

  app.decorate('realtime', {
    io,
    hub,
    redisReady: redis ? redis.ready : undefined,
    emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    connections: () => (serving ? io.engine.clientsCount : 0),
  } satisfies Realtime);

  // preClose: the HTTP server only finishes closing once the upgraded connections are gone.
  app.addHook('preClose', async () => {
    unsubscribeHub();
    stopObserving();
    throttle.close();
    io.disconnectSockets(true);
    if (serving) io.engine.close();
    await io.of('/').adapter.close();
  });
}

export const realtimePlugin = fp(realtime, { name: 'realtime' });
