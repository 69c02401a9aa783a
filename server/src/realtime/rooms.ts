import type { MarketEvent, Period, Stream, SubscribeMessage } from '@contract/market-events';

/** Room names of contract/market-events.ts: `<stream>:<symbol>`, kline per period, `user:<id>`. */
export const streamRoom = (stream: Stream, symbol: string, period?: Period) =>
  stream === 'kline' ? `kline:${symbol}:${period}` : `${stream}:${symbol}`;

export const userRoom = (userId: number) => `user:${userId}`;

export const isUserRoom = (room: string) => room.startsWith('user:');

/** The chat room and the staff's customer-service room (contract/support-events.ts). */
export const isLiveRoom = (room: string) => room === 'chat' || room === 'staff';

export function roomOfEvent(event: MarketEvent): string {
  return event.type === 'kline'
    ? streamRoom('kline', event.symbol, event.period)
    : streamRoom(event.type, event.symbol);
}

/** The rooms a subscribe message names; null when kline is asked for without a period. */
export function roomsOfMessage(msg: SubscribeMessage): string[] | null {
  if (msg.streams.includes('kline') && !msg.period) return null;
  return [...new Set(msg.streams.map((s) => streamRoom(s, msg.symbol, msg.period)))];
}

/** Rooms an unsubscribe leaves; kline without a period leaves every kline period of the symbol. */
export function roomsToLeave(msg: SubscribeMessage, joined: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const stream of msg.streams) {
    if (stream === 'kline' && !msg.period) {
      const prefix = `kline:${msg.symbol}:`;
      for (const room of joined) if (room.startsWith(prefix)) out.add(room);
    } else {
      out.add(streamRoom(stream, msg.symbol, msg.period));
    }
  }
  return [...out];
}
