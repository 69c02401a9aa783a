// `npm run bench:fanout`: quote fan-out to many clients. For 1,000 and 5,000 clients spread over
// 20 pairs, each pair gets one ticker a second for a few seconds; we measure delivery lag (send
// time in the server to receipt in the client, p50/p99) and server memory per connection (heap and
// RSS after a full GC, minus the same before any client connected). The app's socket.io path
// (hub → room throttle → room broadcast, websocket transport) is compared with a bare `ws`
// broadcast in the same run. Each server runs in its own child process, fresh for every round,
// so client memory and earlier rounds never mix in. All clients share this process, so lag
// includes the client side's own parsing; both servers are measured the same way.
import { execSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { PAIRS, type BenchTicker, type FromServer } from './fanout/protocol';

const COUNTS = (process.env.BENCH_CLIENTS ?? '1000,5000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
/** The first second is left out: connections settle and JIT warms up. */
const WARMUP_MS = 1000;
const CONNECT_BATCH = 100;

type Mode = 'ws' | 'socketio';
interface Result {
  lags: Float64Array;
  delivered: number;
  expected: number;
  heapPerConn: number;
  rssPerConn: number;
}

const hiresNow = () => performance.timeOrigin + performance.now();

function checkFileLimit(max: number) {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  if (Number.isFinite(limit) && limit < max + 200) {
    console.error(`Open-file limit ${limit} is too low for ${max} clients; run \`ulimit -n ${max + 1000}\` first.`);
    process.exit(1);
  }
}

function startServer(mode: Mode) {
  const child = fork(fileURLToPath(new URL('./fanout/server.ts', import.meta.url)), [mode], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <K extends string>(key: K) =>
    new Promise<Extract<FromServer, Record<K, unknown>>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${mode} server exited with ${code}`));
      child.once('exit', onExit);
      const onMessage = (msg: FromServer) => {
        if (!(key in msg)) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(msg as Extract<FromServer, Record<K, unknown>>);
      };
      child.on('message', onMessage);
    });
  return { child, next };
}

interface Client {
  close(): void;
}

function connectSocketIo(url: string, symbol: string, onTicker: (t: BenchTicker) => void): Promise<Client> {
  const socket: Socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  socket.on('daymarket', onTicker);
  return new Promise((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.emit('subscribe', { symbol, streams: ['daymarket'] }, () => resolve({ close: () => socket.disconnect() }));
    });
  });
}

function connectWs(url: string, symbol: string, onTicker: (t: BenchTicker) => void): Promise<Client> {
  const ws = new WebSocket(url);
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ symbol })));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as BenchTicker | { type: 'ok' };
      if (msg.type === 'ok') resolve({ close: () => ws.terminate() });
      else onTicker(msg);
    });
  });
}

async function round(mode: Mode, count: number): Promise<Result> {
  const server = startServer(mode);
  const url = (await server.next('ready')).ready;
  const before = (server.child.send({ cmd: 'mem' }), await server.next('mem')).mem;

  // Kept with their send times: what counts is decided by send time once the child reports when
  // its warm-up ended, so a late message still counts and an early one never does.
  const lags = new Float64Array(count * (SECONDS + 2));
  const sent = new Float64Array(lags.length);
  let n = 0;
  const onTicker = (t: BenchTicker) => {
    if (n >= lags.length) return;
    sent[n] = t.sent;
    lags[n++] = hiresNow() - t.sent;
  };
  const connect = mode === 'ws' ? connectWs : connectSocketIo;
  const clients: Client[] = [];
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, (_, k) =>
      connect(url, PAIRS[(i + k) % PAIRS.length]!, onTicker),
    );
    clients.push(...(await Promise.all(batch)));
  }
  const after = (server.child.send({ cmd: 'mem' }), await server.next('mem')).mem;

  n = 0;
  server.child.send({ cmd: 'publish', seconds: SECONDS, warmupMs: WARMUP_MS });
  const { done } = await server.next('done');
  // Let the last second's messages land before counting.
  await new Promise((r) => setTimeout(r, 1000));

  for (const c of clients) c.close();
  server.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  const sorted = lags
    .slice(0, n)
    .filter((_lag, i) => sent[i]! >= done.countFrom)
    .sort();
  const perPair = (i: number) => Math.floor(count / PAIRS.length) + (i < count % PAIRS.length ? 1 : 0);
  return {
    lags: sorted,
    delivered: sorted.length,
    expected: done.published.reduce((sum, p, i) => sum + p * perPair(i), 0),
    heapPerConn: (after.heapUsed - before.heapUsed) / count,
    rssPerConn: (after.rss - before.rss) / count,
  };
}

const pct = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const ms = (v: number) => `${v.toFixed(2)} ms`;
const kb = (v: number) => `${(v / 1024).toFixed(1)} KB`;
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

checkFileLimit(Math.max(...COUNTS));
console.log(
  `${PAIRS.length} pairs, 1 ticker/s per pair for ${SECONDS} s (first ${WARMUP_MS} ms not counted), loopback, websocket transport`,
);
const started = Date.now();
for (const count of COUNTS) {
  const bare = await round('ws', count);
  const sio = await round('socketio', count);
  console.log(`\n${count} clients`);
  for (const [name, r] of [
    ['ws (baseline)', bare],
    ['socket.io (app)', sio],
  ] as const) {
    console.log(
      `  ${name.padEnd(16)} lag p50 ${ms(pct(r.lags, 50)).padStart(10)}  p99 ${ms(pct(r.lags, 99)).padStart(10)}` +
        `  heap/conn ${kb(r.heapPerConn).padStart(9)}  rss/conn ${kb(r.rssPerConn).padStart(9)}  delivered ${r.delivered}/${r.expected}`,
    );
  }
  console.log(
    `  ratio socket.io/ws: lag p50 ${ratio(pct(sio.lags, 50), pct(bare.lags, 50))}, p99 ${ratio(pct(sio.lags, 99), pct(bare.lags, 99))},` +
      ` heap/conn ${ratio(sio.heapPerConn, bare.heapPerConn)}, rss/conn ${ratio(sio.rssPerConn, bare.rssPerConn)}`,
  );
}
console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(0)} s`);
