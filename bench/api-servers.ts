// Child process of bench/api.ts: the real app and a bare Fastify route, both on loopback, so the
// load generator in the parent does not share an event loop with the servers it measures.
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite } from '../server/src/db/client';

const config = loadConfig({ APP_MODE: 'demo', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
const database = await openPglite();
await database.migrate();
const app = await buildApp({
  config,
  db: database,
  logger: false,
  // Rate limits stay on (their bookkeeping is part of every request), just out of reach.
  limits: { globalPerMinute: 1_000_000_000 },
  distDir: '/nonexistent',
});
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

// The baseline answers with the same body, so only the app's own work differs.
const body = (await app.inject({ url: '/api/getSiteConfig' })).json<unknown>();
const bare = Fastify({ logger: false });
bare.get('/api/getSiteConfig', () => body);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.stdout.write(`${JSON.stringify({ app: appUrl, bare: bareUrl, body })}\n`);

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
