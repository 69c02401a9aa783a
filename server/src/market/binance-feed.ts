import WebSocket from 'ws';
import type { Bar } from './candles';
import { CATALOG, type Instrument } from './catalog';
import type { FeedEvent, MarketFeed } from './feed';
import { BINANCE_INTERVALS, parseKlines, parseStreamMessage } from './binance-format';
import { bucketStart } from './periods';
import { HISTORY_COUNT } from './synthetic';

/** The part of a websocket the feed uses (the `ws` client, or a fake in tests). */
export interface SocketLike {
  on(event: 'open' | 'close' | 'error', listener: () => void): void;
  on(event: 'message', listener: (data: unknown) => void): void;
  close(): void;
}

export interface BinanceOptions {
  restUrl?: string;
  streamUrl?: string;
  connect?: (url: string) => SocketLike;
  fetch?: typeof fetch;
  instruments?: Instrument[];
  /** First reconnect delay; doubles per failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export const backoffDelay = (attempt: number, base = 1000, max = 60_000) => Math.min(max, base * 2 ** attempt);

/**
 * Binance public data (no key): trades and 24 h tickers over one combined websocket stream,
 * history over REST. The connection is reopened after any close, waiting 1 s, 2 s, 4 s … up to a
 * minute; the wait resets once a connection opens. Stocks are not on Binance: not covered.
 */
export function createBinanceFeed(o: BinanceOptions = {}): MarketFeed & { readonly attempts: number } {
  const restUrl = o.restUrl ?? 'https://api.binance.com';
  const streamBase = o.streamUrl ?? 'wss://stream.binance.com:9443/stream';
  const connect = o.connect ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const doFetch = o.fetch ?? fetch;
  const instruments = (o.instruments ?? CATALOG.instruments).filter((i) => i.binance);
  const symbols = new Map(instruments.map((i) => [i.binance as string, i.symbol]));
  const streams = instruments.flatMap((i) => {
    const s = (i.binance as string).toLowerCase();
    return [`${s}@trade`, `${s}@ticker`];
  });
  const url = `${streamBase}?streams=${streams.join('/')}`;
  let emit: ((e: FeedEvent) => void) | undefined;
  let socket: SocketLike | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let attempts = 0;

  const open = () => {
    timer = undefined;
    if (!emit) return;
    attempts += 1;
    const ws = connect(url);
    socket = ws;
    ws.on('open', () => {
      attempt = 0;
    });
    ws.on('message', (data) => {
      const event = parseStreamMessage(String(data), symbols);
      if (event && emit) emit(event);
    });
    // 'error' is always followed by 'close' in ws; reconnecting happens there, once.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (socket !== ws || !emit) return;
      socket = undefined;
      timer = setTimeout(open, backoffDelay(attempt, o.baseDelayMs, o.maxDelayMs));
      timer.unref();
      attempt += 1;
    });
  };

  return {
    source: 'binance',
    get attempts() {
      return attempts;
    },
    covers: (inst) => symbols.has(inst.binance ?? ''),
    start(sink) {
      emit = sink;
      open();
    },
    advance() {},
    stop() {
      emit = undefined;
      if (timer) clearTimeout(timer);
      const ws = socket;
      socket = undefined;
      ws?.close();
    },
    async history(inst, period, anchor, count): Promise<Bar[]> {
      const params = new URLSearchParams({
        symbol: inst.binance ?? '',
        interval: BINANCE_INTERVALS[period],
        endTime: String(bucketStart(period, anchor.time) - 1),
        limit: String(Math.min(count ?? HISTORY_COUNT[period], 1000)),
      });
      const res = await doFetch(`${restUrl}/api/v3/klines?${params}`, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`klines: HTTP ${res.status}`);
      return parseKlines(await res.json());
    },
    depth: () => ({ bids: [], asks: [] }),
  };
}
