// A second server process for the Redis fan-out test: the real app with REDIS_URL on a free port.
// Prints `{"url": …}` once listening, then obeys JSON lines on stdin:
// `{"publish": <market event>}` into its hub, `{"emitToUser": [id, event, payload]}`.
// Ends when stdin closes, so it never outlives the test that spawned it.
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { buildApp } from '../app';
import { createMarketHub } from '../market/hub';
import { testConfig } from './config';
import { openPgliteFromTemplate } from './template';

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) throw new Error('REDIS_URL is required');

const database = await openPgliteFromTemplate();
await database.migrate();
const hub = createMarketHub();
const app = await buildApp({
  config: testConfig({ redisUrl }),
  db: database,
  logger: false,
  market: { hub, manual: true },
  realtime: { minGapMs: 0 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` })}\n`);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const cmd = JSON.parse(line) as {
    publish?: Parameters<typeof hub.publish>[0];
    emitToUser?: [number, string, unknown];
  };
  if (cmd.publish) hub.publish(cmd.publish);
  if (cmd.emitToUser) app.realtime.emitToUser(...cmd.emitToUser);
});
lines.on('close', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
