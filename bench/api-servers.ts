// Child process of bench/api.ts: the real app and a bare Fastify route, both on loopback, so the
// load generator in the parent does not share an event loop with the servers it measures.
// argv[2] is `pglite` (in memory) or a postgres:// URL. The app logs as production does (the
// default logger, pino at info, every request line written to standard output, which the parent
// points at /dev/null), signed-in calls carry a real session.
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openPglite } from '../server/src/db/client';
import { openPostgres } from '../server/src/db/postgres';
import { latestCode } from '../server/src/testing/mailbox';

const target = process.argv[2] ?? 'pglite';
const databaseUrl = target === 'pglite' ? undefined : target;
const config = loadConfig({
  APP_MODE: 'demo',
  LOG_LEVEL: 'info',
  DATA_DIR: '/nonexistent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite();
await database.migrate();
const app = await buildApp({
  config,
  db: database,
  // Rate limits stay on (their bookkeeping is part of every request), just out of reach.
  limits: { globalPerMinute: 1_000_000_000, userPerMinute: 1_000_000_000, strictPerMinute: 1_000_000_000 },
  distDir: '/nonexistent',
});
const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });

/** Registers an account through the real endpoints and returns its session token. */
async function signUp(): Promise<string> {
  const email = `bench-${randomBytes(5).toString('hex')}@example.com`;
  const form = (data: Record<string, string>) => ({
    method: 'POST' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(data).toString(),
  });
  await app.inject({ url: '/api/sms_mail', ...form({ user_string: email, type: 'email', scene: 'register' }) });
  const code = await latestCode(app.ctx.db, email);
  const password = 'bench-pass-1';
  const reply = await app.inject({
    url: '/api/user/register',
    ...form({ user_string: email, code, password, re_password: password, type: 'email' }),
  });
  const body = reply.json<{ type: string; message: { token: string } }>();
  if (body.type !== 'ok') throw new Error(`register failed: ${reply.body}`);
  return body.message.token;
}
const token = await signUp();

// The baseline answers with a body of the same size as /user/info, so only the app's work differs.
const sample = await app.inject({ url: '/api/user/info', headers: { authorization: token } });
if (sample.json<{ type: string }>().type !== 'ok') throw new Error(`user/info failed: ${sample.body}`);
const body = sample.json<unknown>();
const bare = Fastify({ logger: false });
bare.get('/bare', () => body);
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

process.send!({ app: appUrl, bare: `${bareUrl}/bare`, token, rss: process.memoryUsage.rss() });

process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => database.close())
    .finally(() => process.exit(0));
});
