// The parent's side of `security/step-up-kill.test.ts`: starts `step-up-server.ts`, speaks to it
// over HTTP as the PWA does, and reads what a killed or stopped one left.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { rows } from '../db/rows';
import { verifyPassword } from '../auth/passwords';
import { balanceOf } from '../ledger/index';
import { scriptArgs } from './compiled';
import { exited, openAfterKill } from './kill-support';

const USDT = 3;
const SCRIPT = fileURLToPath(new URL('./step-up-server.ts', import.meta.url));

export interface Fixture {
  id: number;
  token: string;
  email: string;
  secret: string;
  address_id: number;
  params: Record<string, string | number>;
}

export interface Running {
  child: ChildProcess;
  app: string;
  now: number;
  fixture: Fixture;
  /** Resolves when the paused server printed `written`. */
  written: Promise<void>;
}

/** Starts the server on `target` at `now`; with `setup` it makes the fixture, with `pause` it arms. */
export async function startStepUpServer(
  target: string,
  opts: { now: number; setup?: Fixture | undefined; pause?: boolean },
): Promise<Running> {
  const env = { TARGET: target, NOW: String(opts.now), SETUP: opts.setup ? '' : '1', PAUSE: opts.pause ? '1' : '' };
  const child = spawn(process.execPath, await scriptArgs(SCRIPT), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  let wrote: () => void = () => undefined;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      if (lines.includes('written')) wrote();
      const line = lines.find((l) => l.startsWith('{'));
      if (!line) return;
      const started = JSON.parse(line) as { app: string; now: number; fixture?: Fixture };
      resolve({ child, app: started.app, now: started.now, fixture: started.fixture ?? opts.setup!, written });
    });
    child.once('exit', (code) => reject(new Error(`step-up server exited with ${code} before it was ready`)));
  });
}

/** Stops the server cleanly (SIGTERM), so a PGlite folder is free at once. */
export async function stop(server: Running): Promise<void> {
  server.child.kill('SIGTERM');
  await exited(server.child);
}

export type Answer = { type: string; message: unknown };

/** A POST as the PWA sends it (form, English), under `key` when given; the reply's JSON. */
export async function post(server: Running, path: string, body: Record<string, unknown>, key?: string) {
  const headers: Record<string, string> = {
    authorization: server.fixture.token,
    'content-type': 'application/x-www-form-urlencoded',
    ...(key ? { 'idempotency-key': key } : {}),
  };
  const form = new URLSearchParams({ lang: 'en' });
  for (const [k, v] of Object.entries(body)) form.set(k, String(v));
  const res = await fetch(`${server.app}/api${path}`, { method: 'POST', headers, body: form.toString() });
  return (await res.json()) as Answer;
}

const okOf = <T>(answer: Answer): T => {
  if (answer.type !== 'ok') throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.message as T;
};

/** The app's code at the server's clock. */
export const appCode = (server: Running) =>
  generate({ secret: server.fixture.secret, epoch: Math.floor(server.now / 1000) });

/** Confirms `action` with `params` by the authenticator app; answers the step-up token. */
export async function confirmByApp(server: Running, action: string, params: Record<string, unknown>) {
  const started = okOf<{ id: number; factor: string }>(
    await post(server, '/security/step_up/start', { action, params: JSON.stringify(params) }),
  );
  if (started.factor !== 'totp') throw new Error(`expected factor totp, got ${started.factor}`);
  const code = await appCode(server);
  return okOf<{ token: string }>(await post(server, '/security/step_up/verify', { id: started.id, code })).token;
}

/** Sends a `security` code to the fixture's email and reads it from the development mailbox. */
export async function securityCode(server: Running): Promise<string> {
  const { email } = server.fixture;
  okOf(await post(server, '/sms_mail', { user_string: email, type: 'email', scene: 'security' }));
  const res = await fetch(`${server.app}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  return okOf<{ code: string }[]>((await res.json()) as Answer)[0]!.code;
}

interface Counts {
  withdrawn: string;
  withdrawals: number;
  consumed: number;
  codes_used: number;
  totp: number;
  notices: number;
  changed_at: string | null;
}

/**
 * What the fixture's user has after a run: money, withdrawals, factors, and the confirmations and
 * `security` codes made from `since` (the first run's clock after its setup) that are used up.
 */
export async function stateOf(target: string, fixture: Fixture, payPassword: string, since: number) {
  const { id: userId, email } = fixture;
  const from = new Date(since).toISOString();
  const database = await openAfterKill(target);
  try {
    const [row] = await rows<Counts & { pay_hash: string }>(
      database.db,
      sql`SELECT
            (SELECT trim_scale(coalesce(sum(amount), 0))::text FROM withdrawals WHERE user_id = ${userId}) AS withdrawn,
            (SELECT count(*)::int FROM withdrawals WHERE user_id = ${userId}) AS withdrawals,
            (SELECT count(*)::int FROM step_ups WHERE user_id = ${userId} AND consumed_at IS NOT NULL
               AND created_at >= ${from}::timestamptz) AS consumed,
            (SELECT count(*)::int FROM verification_codes WHERE destination = ${email}
               AND scene = 'security' AND consumed_at IS NOT NULL AND created_at >= ${from}::timestamptz) AS codes_used,
            (SELECT count(*)::int FROM totp_factors WHERE user_id = ${userId}) AS totp,
            (SELECT count(*)::int FROM notices WHERE user_id = ${userId}) AS notices,
            (SELECT security_changed_at FROM users WHERE id = ${userId})::text AS changed_at,
            (SELECT pay_password_hash FROM users WHERE id = ${userId}) AS pay_hash`,
    );
    const { pay_hash, ...rest } = row!;
    const balance = await balanceOf(database.db, userId, USDT, 'change');
    return { ...rest, balance, pay_password_kept: await verifyPassword(payPassword, pay_hash) };
  } finally {
    await database.close();
  }
}
