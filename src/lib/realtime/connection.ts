import { io, type Socket } from 'socket.io-client';
import type { SubscribeMessage } from '@contract/market-events';
import type { LiveRoom } from '@contract/support-events';

export interface ConnectionHandlers {
  onEvent(event: unknown): void;
  /** Called on the first connect and on every reconnect: the server forgot our rooms. */
  onConnect(): void;
  onDisconnect(): void;
}

/** What the client sends: room subscriptions, and `login`/`logout` of the user's private room. */
export type ClientMessage =
  | ['subscribe' | 'unsubscribe', SubscribeMessage]
  | ['login', { token: string }]
  | ['logout', Record<string, never>]
  | ['join' | 'leave', { room: LiveRoom }];

export interface Connection {
  readonly connected: boolean;
  send(...[name, message]: ClientMessage): void;
  close(): void;
}

/**
 * The socket.io connection to the API's origin (same port, path /socket.io). socket.io-client
 * reconnects with its own backoff; we never buffer subscribe or login messages while
 * disconnected because `onConnect` resends the full set, so nothing is sent twice.
 */
export function openConnection(handlers: ConnectionHandlers, url = window.location.origin): Connection {
  const socket: Socket = io(url, {
    path: '/socket.io',
    // Straight to websocket: long-polling first doubles the requests on a phone.
    transports: ['websocket', 'polling'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    randomizationFactor: 0.5,
  });
  socket.on('connect', handlers.onConnect);
  socket.on('disconnect', handlers.onDisconnect);
  // A failed (re)connect attempt: the data on screen is not live, say so.
  socket.on('connect_error', handlers.onDisconnect);
  socket.onAny((_name: string, payload: unknown) => handlers.onEvent(payload));
  return {
    get connected() {
      return socket.connected;
    },
    send(...[name, message]: ClientMessage) {
      if (socket.connected) socket.emit(name, message);
    },
    close() {
      socket.close();
    },
  };
}
