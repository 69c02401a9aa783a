import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type { DepthEvent, KlineEvent, TickerEvent, TradeEvent } from '@contract/market-events';

/** Listens on a free loopback port and returns the origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A connected socket.io client over websocket; `clients.closeAll()` disconnects every one made. */
export function clientFactory() {
  const made: Socket[] = [];
  return {
    async connect(
      url: string,
      auth?: Record<string, string>,
      transports: ('websocket' | 'polling')[] = ['websocket'],
    ): Promise<Socket> {
      const socket = io(url, {
        path: '/socket.io',
        transports,
        forceNew: true,
        reconnection: false,
        ...(auth ? { auth } : {}),
      });
      made.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    },
    closeAll() {
      for (const s of made.splice(0)) s.disconnect();
    },
  };
}

/** The next `event` on `socket`, or a rejection naming what did not arrive. */
export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no "${event}" event within ${timeoutMs} ms`));
    }, timeoutMs);
    const onEvent = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, onEvent);
  });
}

/**
 * Repeats `act` every 100 ms until `socket` sees `event` (socket.io's Redis adapters subscribe
 * asynchronously, so the first emits after a start may reach no other process).
 */
export async function receiveWhile(
  socket: Socket,
  event: string,
  act: () => void,
  timeoutMs = 10_000,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(act, 100);
    const deadline = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`no "${event}" through Redis within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once(event, (payload: unknown) => {
      clearInterval(timer);
      clearTimeout(deadline);
      resolve(payload);
    });
    act();
  });
}

/** Everything `socket` receives for `ms` milliseconds, as [event, payload] pairs. */
export async function collect(socket: Socket, ms: number): Promise<[string, unknown][]> {
  const seen: [string, unknown][] = [];
  const listener = (event: string, payload: unknown) => seen.push([event, payload]);
  socket.onAny(listener);
  await new Promise((r) => setTimeout(r, ms));
  socket.offAny(listener);
  return seen;
}

export const ticker = (symbol: string, price = '100.5'): TickerEvent => ({
  type: 'daymarket',
  symbol,
  now_price: price,
  change: '-1.25',
  volume: '1234.5',
  high: '110',
  low: '90',
  stale: false,
  ts: Date.now(),
});

export const kline = (symbol: string, period: KlineEvent['period']): KlineEvent => ({
  type: 'kline',
  symbol,
  period,
  open: '1',
  high: '2',
  low: '0.5',
  close: '1.5',
  volume: '10',
  time: 1_700_000_000_000,
});

export const depth = (symbol: string, levels: number): DepthEvent => ({
  type: 'market_depth',
  symbol,
  bids: Array.from({ length: levels }, (_, i) => [String(100 - i), '1'] as [string, string]),
  asks: Array.from({ length: levels }, (_, i) => [String(101 + i), '1'] as [string, string]),
  ts: Date.now(),
});

export const trade = (symbol: string): TradeEvent => ({
  type: 'match_trade',
  symbol,
  price: '100',
  amount: '0.25',
  direction: 'buy',
  ts: Date.now(),
});
