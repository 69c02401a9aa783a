import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { MarketEvent } from '@contract/market-events';
import { createMarketHub, type MarketHub } from '../market/hub';
import { registerUser } from '../testing/accounts';
import { buildApp } from '../app';
import { testConfig } from '../testing/config';
import { describeOnOneDatabase } from '../testing/suite';
import { clientFactory, listen, receiveWhile, ticker } from '../testing/socket-client';
import { assertRedisReachable, REDIS_URL } from '../testing/api-processes';
import { scriptArgs } from '../testing/compiled';

/** Symbols of this run only, so another run sharing the Redis cannot deliver into this one. */
const run = Math.random().toString(36).slice(2, 8).toUpperCase();

let hub: MarketHub = createMarketHub();
let peer: { process: ChildProcess; url: string; send(cmd: object): void } | undefined;
const clients = clientFactory();

/** Starts the second server process and waits for its address. */
async function startPeer() {
  const child = spawn(
    process.execPath,
    await scriptArgs(fileURLToPath(new URL('../testing/redis-peer.ts', import.meta.url))),
    {
      env: { ...process.env, REDIS_URL },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the second server process exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { url: string }).url),
    );
  });
  return { process: child, url, send: (cmd: object) => child.stdin!.write(`${JSON.stringify(cmd)}\n`) };
}

beforeAll(async () => {
  await assertRedisReachable();
  peer = await startPeer();
}, 60_000);

afterAll(async () => {
  if (!peer) return;
  const exited = new Promise((resolve) => peer!.process.once('exit', resolve));
  peer.process.stdin!.end();
  await exited;
});

afterEach(() => clients.closeAll());

describeOnOneDatabase(
  'socket.io fan-out across two processes through Redis',
  ({ app, database }) => {
    it('delivers a ticker published in the other process', async () => {
      const url = await listen(app().app);
      const symbol = `R${run}/USDT`;
      const socket = await clients.connect(url);
      expect(await socket.emitWithAck('subscribe', { symbol, streams: ['daymarket'] })).toMatchObject({ type: 'ok' });
      const event: MarketEvent = ticker(symbol, '42.5');
      expect(await receiveWhile(socket, 'daymarket', () => peer!.send({ publish: event }))).toEqual(event);
    });

    it('delivers to a client of the other process a ticker published here', async () => {
      await listen(app().app);
      const symbol = `S${run}/USDT`;
      const socket = await clients.connect(peer!.url);
      expect(await socket.emitWithAck('subscribe', { symbol, streams: ['daymarket'] })).toMatchObject({ type: 'ok' });
      const event = ticker(symbol, '7');
      expect(await receiveWhile(socket, 'daymarket', () => hub.publish(event))).toEqual(event);
    });

    it('delivers emitToUser from the other process to the user logged in here', async () => {
      const t = app();
      const url = await listen(t.app);
      const { token, user } = await registerUser(t);
      const socket = await clients.connect(url);
      expect(await socket.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
      const payload = { run, id: 9 };
      expect(
        await receiveWhile(socket, 'order', () => peer!.send({ emitToUser: [user.id, 'order', payload] })),
      ).toEqual(payload);
    });

    it('is ready with Redis connected, and says which check failed once Redis is gone', async () => {
      const t = app();
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { redis: 'ok' } });
      const own = await buildApp({ config: t.config, db: database(), logger: false, market: { manual: true } });
      try {
        // Ending this process's publishing connection stands for Redis going away.
        const { pubClient } = own.realtime.io.of('/').adapter as unknown as { pubClient: Redis };
        pubClient.disconnect();
        const gone = await own.inject({ method: 'GET', url: '/health/ready' });
        expect(gone.statusCode).toBe(503);
        expect(gone.json()).toMatchObject({ status: 'unavailable', checks: { redis: 'failed', database: 'ok' } });
        await pubClient.connect();
        expect((await own.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
      } finally {
        await own.close();
      }
    });

    it('refuses to start when REDIS_URL points nowhere', async () => {
      const config = testConfig({ redisUrl: 'redis://127.0.0.1:1' });
      await expect(buildApp({ config, db: database(), logger: false, market: { manual: true } })).rejects.toThrow(
        /Redis at REDIS_URL is unreachable \(redis:\/\/127\.0\.0\.1:1\)/,
      );
    });
  },
  () => {
    hub = createMarketHub();
    return { config: { redisUrl: REDIS_URL }, market: { hub, manual: true }, realtime: { minGapMs: 0 } };
  },
);
