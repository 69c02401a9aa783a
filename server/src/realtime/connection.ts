import type { Socket } from 'socket.io';
import { subscribeMessage } from '@contract/market-events';
import { joinMessage, type LiveRoom } from '@contract/support-events';
import { isLiveRoom, isUserRoom, roomsOfMessage, roomsToLeave, userRoom } from './rooms';
import type { WatchedSession } from './watched-sessions';

export type ClientEvent = 'subscribe' | 'unsubscribe' | 'login' | 'logout' | 'join' | 'leave';

export type ErrorCode =
  | 'invalid_message'
  | 'period_required'
  | 'too_many_subscriptions'
  | 'rate_limited'
  | 'session_expired'
  | 'login_required'
  | 'forbidden'
  | 'internal_error';

/** Sent as the `error` event (and as the ack, when the client asked for one). */
export interface RealtimeError {
  type: 'error';
  event: ClientEvent;
  message: ErrorCode;
}

export interface ConnectionLimits {
  /** Public rooms one connection may be in at once. */
  maxSubscriptions: number;
  /** Client messages per second in the long run; more are refused, so a looping client cannot
   *  load the server. */
  messagesPerSecond: number;
  /** Messages accepted at once (a reconnect re-subscribes every pair a screen shows). */
  messageBurst: number;
}

export interface ConnectionDeps {
  limits: ConnectionLimits;
  /** The session of a token, or null when it is unknown, revoked or idle, or its account frozen. */
  sessionOfToken(token: string): Promise<WatchedSession | null>;
  /**
   * Calls `recheck` whenever the session or its account changes, until the returned function is
   * called, so a revoked session or frozen account loses its private room at once.
   */
  watchSession?(session: WatchedSession, recheck: () => void): () => void;
  /** Whether a logged-in user may join a live room of contract/support-events.ts (`staff` is for staff). */
  mayJoin?(userId: number, room: LiveRoom): Promise<boolean>;
  onError?(err: unknown): void;
}

/** What the server keeps on `socket.data` (visible to `fetchSockets()` on every process). */
export interface SocketData {
  userId?: number;
}

type Ack = (reply: unknown) => void;
const ackOf = (args: unknown[]): Ack | undefined => {
  const last = args.at(-1);
  return typeof last === 'function' ? (last as Ack) : undefined;
};

/** A token bucket: a screen re-subscribing everything after a reconnect sends a burst at once. */
function tokenBucket(limits: ConnectionLimits): () => boolean {
  let tokens = limits.messageBurst;
  let refilledAt = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(limits.messageBurst, tokens + ((now - refilledAt) / 1000) * limits.messagesPerSecond);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

type Fail = (event: ClientEvent, message: ErrorCode, ack?: Ack) => void;
type On = (event: ClientEvent, handler: (msg: unknown, ack?: Ack) => void | Promise<void>) => void;

/** The public market rooms: subscribe and unsubscribe, within the connection's subscription limit. */
function wirePublicRooms(socket: Socket, limits: ConnectionLimits, on: On, fail: Fail): void {
  const publicRooms = () => [...socket.rooms].filter((r) => r !== socket.id && !isUserRoom(r) && !isLiveRoom(r));

  on('subscribe', (raw, ack) => {
    const parsed = subscribeMessage.safeParse(raw);
    if (!parsed.success) return fail('subscribe', 'invalid_message', ack);
    const rooms = roomsOfMessage(parsed.data);
    if (!rooms) return fail('subscribe', 'period_required', ack);
    const current = new Set(publicRooms());
    const added = rooms.filter((r) => !current.has(r));
    // All or nothing, so the client never ends up with half of what it asked for.
    if (current.size + added.length > limits.maxSubscriptions) {
      return fail('subscribe', 'too_many_subscriptions', ack);
    }
    void socket.join(added);
    ack?.({ type: 'ok', rooms });
  });

  on('unsubscribe', (raw, ack) => {
    const parsed = subscribeMessage.safeParse(raw);
    if (!parsed.success) return fail('unsubscribe', 'invalid_message', ack);
    const rooms = roomsToLeave(parsed.data, publicRooms());
    for (const room of rooms) void socket.leave(room);
    ack?.({ type: 'ok', rooms });
  });
}

/** Wires one client: subscribe/unsubscribe to public rooms, login/logout to its private room. */
export function handleConnection(socket: Socket, deps: ConnectionDeps): void {
  const { limits } = deps;
  const allowed = tokenBucket(limits);

  const fail = (event: ClientEvent, message: ErrorCode, ack?: Ack) => {
    const error: RealtimeError = { type: 'error', event, message };
    socket.emit('error', error);
    ack?.(error);
  };

  /** Every handler goes through here: rate limit, then the handler; nothing a client sends throws. */
  const on = (event: ClientEvent, handler: (msg: unknown, ack?: Ack) => void | Promise<void>) => {
    socket.on(event, (...args: unknown[]) => {
      const ack = ackOf(args);
      if (!allowed()) return fail(event, 'rate_limited', ack);
      const msg = typeof args[0] === 'function' ? undefined : args[0];
      Promise.resolve()
        .then(() => handler(msg, ack))
        .catch((err: unknown) => {
          deps.onError?.(err);
          fail(event, 'internal_error', ack);
        });
    });
  };

  wirePublicRooms(socket, limits, on, fail);

  const leavePrivateRooms = () => {
    for (const room of socket.rooms) if (isUserRoom(room) || isLiveRoom(room)) void socket.leave(room);
    delete (socket.data as SocketData).userId;
  };

  // The session this connection is logged in with, watched for revocation while it lasts.
  let current: { token: string; stopWatching: () => void } | undefined;
  const forgetSession = () => {
    current?.stopWatching();
    current = undefined;
  };
  socket.on('disconnect', forgetSession);

  /** The session or its account changed: a connection whose session no longer holds is logged out. */
  const recheck = async (token: string) => {
    const session = await deps.sessionOfToken(token);
    if (current?.token !== token || session?.userId === (socket.data as SocketData).userId) return;
    forgetSession();
    leavePrivateRooms();
    fail('login', 'session_expired');
  };

  // The login in progress: a join sent right after login waits for it.
  let loggingIn: Promise<unknown> = Promise.resolve();
  const login = async (raw: unknown, ack?: Ack) => {
    const given = typeof raw === 'object' && raw !== null ? (raw as { token?: unknown }).token : undefined;
    if (typeof given !== 'string' || given.length > 256) return fail('login', 'invalid_message', ack);
    const token = given.replace(/^Bearer\s+/i, '').trim();
    const session = await deps.sessionOfToken(token);
    if (session === null) return fail('login', 'session_expired', ack);
    const { userId } = session;
    // One user per connection: a new login replaces the previous private room.
    const previous = (socket.data as SocketData).userId;
    for (const room of socket.rooms) {
      if (isUserRoom(room) || (previous !== userId && isLiveRoom(room))) void socket.leave(room);
    }
    void socket.join(userRoom(userId));
    (socket.data as SocketData).userId = userId;
    forgetSession();
    current = {
      token,
      stopWatching:
        deps.watchSession?.(session, () => {
          recheck(token).catch((err: unknown) => deps.onError?.(err));
        }) ?? (() => undefined),
    };
    ack?.({ type: 'ok', user_id: userId });
  };
  on('login', (raw, ack) => {
    const running = login(raw, ack);
    // `join` only waits for the login to settle: a failed login is already reported by `on` (to
    // `onError` and the client's ack) and leaves the connection logged out, which `join` checks.
    loggingIn = running.then(
      () => undefined,
      () => undefined,
    );
    return running;
  });

  // Live rooms of the chat and customer service, for logged-in connections only.
  on('join', async (raw, ack) => {
    const parsed = joinMessage.safeParse(raw);
    if (!parsed.success) return fail('join', 'invalid_message', ack);
    await loggingIn;
    const userId = (socket.data as SocketData).userId;
    if (userId === undefined) return fail('join', 'login_required', ack);
    if (!(await (deps.mayJoin?.(userId, parsed.data.room) ?? Promise.resolve(false)))) {
      return fail('join', 'forbidden', ack);
    }
    void socket.join(parsed.data.room);
    ack?.({ type: 'ok', room: parsed.data.room });
  });

  on('leave', (raw, ack) => {
    const parsed = joinMessage.safeParse(raw);
    if (!parsed.success) return fail('leave', 'invalid_message', ack);
    void socket.leave(parsed.data.room);
    ack?.({ type: 'ok', room: parsed.data.room });
  });

  on('logout', (_raw, ack) => {
    forgetSession();
    leavePrivateRooms();
    ack?.({ type: 'ok' });
  });

  // A token in the handshake (`io({auth: {token}})`) logs in at once, saving a round trip.
  const handshakeToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof handshakeToken === 'string' && allowed()) {
    login({ token: handshakeToken }).catch((err: unknown) => {
      deps.onError?.(err);
      fail('login', 'internal_error');
    });
  }
}
