// The real app in a child process for `security/step-up-kill.test.ts`, listening on loopback with
// a clock of its own: opens TARGET (`pglite:<dir>` or a PostgreSQL URL) at NOW (ms). With SETUP
// set it first makes a withdrawer (certified, funded, a pay password, a saved address) enrolled
// in the authenticator app, then moves the clock past the pause the enrolment started. It prints
// one JSON line: {app, now, fixture?}. With PAUSE set, the first transaction that uses up a
// step-up confirmation prints `written` once the action wrote everything, before its commit,
// and waits there (for a SIGKILL). Stopped by SIGTERM.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import * as security from '@contract/security';
import { openPglite, type Database, type Db } from '../db/client';
import { openPostgres } from '../db/postgres';
import { rows } from '../db/rows';
import { createTestApp, type TestApp } from './app';
import { DAY, MINUTE, testClock } from './clock';
import { ok } from './fund';
import { openPgliteFromTemplate } from './template';
import { withdrawalAppOptions, withdrawer } from './withdrawal';

const target = process.env.TARGET;
if (!target) throw new Error('TARGET is required');

async function open(): Promise<Database> {
  if (!target!.startsWith('pglite:')) return openPostgres(target!);
  const dir = join(target!.slice('pglite:'.length), 'pglite');
  return existsSync(join(dir, 'PG_VERSION')) ? openPglite(dir) : openPgliteFromTemplate(dir);
}

const consumed = async (tx: unknown) =>
  (await rows<{ n: number }>(tx as Db, sql`SELECT count(*)::int AS n FROM step_ups WHERE consumed_at IS NOT NULL`))[0]!
    .n;

/** Holds open, before its commit, the first transaction that uses up a confirmation. */
function pauseAtConsume(db: Db): { arm(): void } {
  let armed = false;
  const plain = db.transaction.bind(db);
  db.transaction = ((fn: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    plain(async (tx) => {
      const before = armed ? await consumed(tx) : 0;
      const result = await fn(tx);
      if (armed && (await consumed(tx)) > before) {
        console.log('written');
        await new Promise(() => {});
      }
      return result;
    }, config as never)) as Db['transaction'];
  return { arm: () => (armed = true) };
}

/** A withdrawer with the authenticator app, past the enrolment's pause. */
async function setUp(t: TestApp) {
  const { u, address, params } = await withdrawer(t);
  const as = { token: u.token, lang: 'en' };
  const { secret } = await ok<{ secret: string }>(t.call(security.totpSetup, {}, as));
  const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  await ok(t.call(security.totpConfirm, { code }, as));
  t.clock.advance(DAY + MINUTE);
  return { id: u.user.id, token: u.token, email: u.email, secret, address_id: address.id, params: params('10') };
}

const database = await open();
await database.migrate();
const pause = pauseAtConsume(database.db);
const t = await createTestApp(database, {
  ...withdrawalAppOptions(),
  clock: testClock(new Date(Number(process.env.NOW))),
});
const fixture = process.env.SETUP === '1' ? await setUp(t) : undefined;
if (process.env.PAUSE === '1') pause.arm();
const app = await t.app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ app, now: t.clock.now().getTime(), fixture })}\n`);

process.on('SIGTERM', () => {
  void t
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
