// Child process of bench/fanout.ts: one server (the real app's socket.io, or a bare `ws`
// broadcast) on loopback, so its memory is measured apart from the clients'. Talks over IPC:
// `{cmd: 'mem'}` → `{mem}` after a full GC; `{cmd: 'publish', seconds}` → one ticker a second per
// pair, spread over the second, then `{done}` with how many were published after the warm-up.
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { TickerEvent } from '../../contract/market-events';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { openPglite } from '../../server/src/db/client';
import { createMarketHub } from '../../server/src/market/hub';
import { PAIRS, type BenchTicker, type FromServer, type ToServer } from './protocol';

const mode = process.argv[2];
const send = (msg: FromServer) => process.send!(msg);
const hiresNow = () => performance.timeOrigin + performance.now();

let publishTicker: (event: BenchTicker) => void;

if (mode === 'socketio') {
  const database = await openPglite();
  await database.migrate();
  const hub = createMarketHub();
  const app = await buildApp({
    config: loadConfig({ APP_MODE: 'demo', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
    db: database,
    logger: false,
    distDir: '/nonexistent',
    // The feed stays idle: only the bench's tickers reach the clients, and it costs no CPU.
    market: { hub, manual: true },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The extra `sent` field rides along untouched; it gives sub-millisecond lag where `ts` has ms.
  publishTicker = (event) => hub.publish(event as TickerEvent);
  send({ ready: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });
} else if (mode === 'ws') {
  // The baseline: a room per pair, the message serialized once and written to every member.
  const rooms = new Map<string, Set<WebSocket>>(PAIRS.map((p) => [p, new Set()]));
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const { symbol } = JSON.parse(String(data)) as { symbol: string };
      rooms.get(symbol)?.add(ws);
      ws.send('{"type":"ok"}');
    });
    ws.on('close', () => rooms.forEach((r) => r.delete(ws)));
  });
  await new Promise((r) => wss.once('listening', r));
  publishTicker = (event) => {
    const text = JSON.stringify(event);
    for (const ws of rooms.get(event.symbol) ?? []) ws.send(text);
  };
  send({ ready: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` });
} else {
  throw new Error(`unknown mode ${mode}`);
}

function ticker(symbol: string): BenchTicker {
  const price = (100 + Math.random()).toFixed(4);
  const now = hiresNow();
  return {
    type: 'daymarket',
    symbol,
    now_price: price,
    change: '0.42',
    volume: '12345.6',
    high: '101',
    low: '99',
    stale: false,
    ts: Math.floor(now),
    sent: now,
  };
}

process.on('message', (msg: ToServer) => {
  if (msg.cmd === 'mem') {
    globalThis.gc?.();
    globalThis.gc?.();
    const { heapUsed, rss } = process.memoryUsage();
    send({ mem: { heapUsed, rss } });
  } else if (msg.cmd === 'publish') {
    const countFrom = hiresNow() + msg.warmupMs;
    const published = PAIRS.map(() => 0);
    const tick = (i: number) => {
      const event = ticker(PAIRS[i]!);
      if (event.sent >= countFrom) published[i]! += 1;
      publishTicker(event);
    };
    const slot = 1000 / PAIRS.length;
    const timers = PAIRS.map((_pair, i) =>
      setTimeout(() => {
        tick(i);
        timers[i] = setInterval(() => tick(i), 1000);
      }, i * slot),
    );
    setTimeout(() => {
      timers.forEach((t) => clearInterval(t));
      send({ done: { published, countFrom } });
    }, msg.seconds * 1000);
  }
});
