import type { AccountEvent, ClosedMicroorderEvent, OrderEvent } from '@contract/user-events';
import type { LeverTradeEvent } from '@contract/user-events';
import type { ChatEvent, LiveRoom, SupportEvent } from '@contract/support-events';
import { openConnection, type Connection } from './connection';
import type { PrivateEvent } from './private-events';
import { TopicRegistry, type Listener, type Topic } from './topics';
import type { RealtimeStatus } from './index';

const message = (t: Topic) => ({ symbol: t.symbol, streams: [t.stream], ...(t.period ? { period: t.period } : {}) });

/**
 * The live side of `@/lib/realtime`, loaded with the first subscription: one socket.io
 * connection and one server subscription per topic, however many listeners share it.
 */
export function createHub(setStatus: (s: RealtimeStatus) => void) {
  const registry = new TopicRegistry();
  const accountListeners = new Set<(event: AccountEvent) => void>();
  const orderListeners = new Set<(event: OrderEvent) => void>();
  const microListeners = new Set<(event: ClosedMicroorderEvent) => void>();
  const leverListeners = new Set<(event: LeverTradeEvent) => void>();
  const supportListeners = new Set<(event: SupportEvent) => void>();
  const chatListeners = new Set<(event: ChatEvent) => void>();
  // Live rooms (chat, staff) joined after login, with how many listeners want each.
  const rooms = new Map<LiveRoom, number>();
  // Set by `acceptPrivate` before the first private listener; until then every event is market data.
  let parsePrivate: ((event: unknown) => PrivateEvent | null) | null = null;
  // The session the private room belongs to, while anyone listens to it.
  let token: string | null = null;
  let connection: Connection | null = null;

  const onEvent = (event: unknown) => {
    const own = parsePrivate?.(event);
    if (!own) return registry.dispatch(event);
    // Copy: a listener may stop listening while we iterate.
    if (own.kind === 'order') for (const listener of [...orderListeners]) listener(own.event);
    else if (own.kind === 'micro') for (const listener of [...microListeners]) listener(own.event);
    else if (own.kind === 'lever') for (const listener of [...leverListeners]) listener(own.event);
    else if (own.kind === 'support') for (const listener of [...supportListeners]) listener(own.event);
    else if (own.kind === 'chat') for (const listener of [...chatListeners]) listener(own.event);
    else for (const listener of [...accountListeners]) listener(own.event);
  };

  // The private room is joined with the first listener of either kind and left with the last.
  const joinPrivate = (sessionToken: string) => {
    if (token === sessionToken) return;
    token = sessionToken;
    (connection ?? connect()).send('login', { token });
  };
  const privateListeners = [
    accountListeners,
    orderListeners,
    microListeners,
    leverListeners,
    supportListeners,
    chatListeners,
  ] as const;
  const leavePrivateIfUnused = () => {
    if (privateListeners.some((set) => set.size > 0)) return;
    token = null;
    connection?.send('logout', {});
  };
  /** Adds a private listener and joins the session's room; the returned function undoes both. */
  const listenPrivate = <E>(
    set: Set<(event: E) => void>,
    sessionToken: string,
    listener: (event: E) => void,
    onLeave?: () => void,
  ) => {
    set.add(listener);
    joinPrivate(sessionToken);
    return () => {
      if (!set.delete(listener)) return;
      onLeave?.();
      leavePrivateIfUnused();
    };
  };

  const connect = () => {
    setStatus('connecting');
    connection = openConnection({
      onEvent,
      // On every (re)connect: the server forgot our rooms, so send the full set again.
      onConnect: () => {
        setStatus('live');
        if (token !== null) connection?.send('login', { token });
        if (token !== null) for (const room of rooms.keys()) connection?.send('join', { room });
        for (const t of registry.topics()) connection?.send('subscribe', message(t));
      },
      onDisconnect: () => setStatus('offline'),
    });
    return connection;
  };

  const joinRoom = (room: LiveRoom) => {
    const n = rooms.get(room) ?? 0;
    rooms.set(room, n + 1);
    if (n === 0) connection?.send('join', { room });
  };
  const leaveRoom = (room: LiveRoom) => {
    const n = rooms.get(room) ?? 0;
    if (n <= 1) {
      rooms.delete(room);
      connection?.send('leave', { room });
    } else rooms.set(room, n - 1);
  };

  return {
    /** Lets private events through: `parse` is the contract's check (./private-events.ts, lazy). */
    acceptPrivate(parse: (event: unknown) => PrivateEvent | null): void {
      parsePrivate = parse;
    },

    subscribe(topic: Topic, listener: Listener): () => void {
      if (registry.add(topic, listener)) (connection ?? connect()).send('subscribe', message(topic));
      return () => {
        if (registry.remove(topic, listener)) connection?.send('unsubscribe', message(topic));
      };
    },

    /**
     * Listens to the private events of the session `sessionToken` (contract/user-events.ts). The
     * room is joined with the first listener (again after every reconnect) and left with the last.
     */
    onAccount(sessionToken: string, listener: (event: AccountEvent) => void): () => void {
      return listenPrivate(accountListeners, sessionToken, listener);
    },

    /** Listens to the session's order updates (placed, partly filled, filled, cancelled). */
    onOrder(sessionToken: string, listener: (event: OrderEvent) => void): () => void {
      return listenPrivate(orderListeners, sessionToken, listener);
    },

    /** Listens to the session's settled seconds contracts (`closed_microorder`). */
    onMicroOrder(sessionToken: string, listener: (event: ClosedMicroorderEvent) => void): () => void {
      return listenPrivate(microListeners, sessionToken, listener);
    },

    /**
     * Listens to customer-service events of the session (its own conversation); with `staff`, of
     * every conversation (the `staff` room, which the server grants to support and admin only).
     */
    onSupport(sessionToken: string, listener: (event: SupportEvent) => void, staff = false): () => void {
      const off = listenPrivate(supportListeners, sessionToken, listener, () => staff && leaveRoom('staff'));
      if (staff) joinRoom('staff');
      return off;
    },

    /** Listens to the chat room (new and deleted messages) as the signed-in session. */
    onChat(sessionToken: string, listener: (event: ChatEvent) => void): () => void {
      const off = listenPrivate(chatListeners, sessionToken, listener, () => leaveRoom('chat'));
      joinRoom('chat');
      return off;
    },

    /** Listens to the session's futures changes (`lever_trade`: opened, closed, stops …). */
    onLever(sessionToken: string, listener: (event: LeverTradeEvent) => void): () => void {
      return listenPrivate(leverListeners, sessionToken, listener);
    },
  };
}
