import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n';
import { MINUTE } from '../testing/clock';
import { PAY_PASSWORD } from '../testing/fund';
import { exited, onPgliteFolder, onScratchPostgres } from '../testing/kill-support';
import {
  confirmByApp,
  post,
  securityCode,
  startStepUpServer,
  stateOf,
  stop,
  type Answer,
  type Running,
} from '../testing/step-up-kill';

/**
 * `kill -9` of the real server inside a confirmed action's transaction, after the confirmation
 * was used up and the action wrote everything, before the commit (`testing/step-up-server.ts`):
 * nothing of the action is stored and the confirmation (and the emailed code) stay unused; after
 * the restart the same request applies once, and no confirmation approves another action. On a
 * PGlite folder and, with DATABASE_URL, on PostgreSQL.
 */

const START = Date.UTC(2031, 2, 3, 9, 0, 15);
const NEW_PAY = 'another-pay-7';
const refused = (key: string): Answer => ({ type: 'error', message: translate('en', key) });

/** Sends the request the kill cuts off; answers the server it killed. */
async function killDuring(server: Running, send: () => Promise<Answer>): Promise<void> {
  const cut = send().then(
    (answer) => answer,
    () => 'cut off' as const,
  );
  await server.written;
  server.child.kill('SIGKILL');
  await exited(server.child);
  expect(await cut).toBe('cut off');
}

async function withdrawal(target: string): Promise<void> {
  const first = await startStepUpServer(target, { now: START, pause: true });
  const f = first.fixture;
  const request = { ...f.params, pay_password: PAY_PASSWORD, step_up: await confirmByApp(first, 'withdraw', f.params) };
  const key = randomUUID();
  await killDuring(first, () => post(first, '/wallet/out', request, key));
  const untouched = { withdrawals: 0, withdrawn: '0', consumed: 0, balance: { available: '1000', held: '0' } };
  expect(await stateOf(target, f, PAY_PASSWORD, first.now)).toMatchObject({ ...untouched, totp: 1 });

  const second = await startStepUpServer(target, { now: first.now + 2 * MINUTE, setup: f });
  const applied = await post(second, '/wallet/out', request, key);
  expect(applied.type).toBe('ok');
  // The same key answers the same withdrawal; the used confirmation approves no other one.
  expect(await post(second, '/wallet/out', request, key)).toEqual(applied);
  expect(await post(second, '/wallet/out', { ...request, amount: '11' }, randomUUID())).toEqual(
    refused('step_up_invalid'),
  );
  // A fresh confirmation of this withdrawal approves neither another amount nor another action.
  const fresh = await confirmByApp(second, 'withdraw', f.params);
  expect(await post(second, '/wallet/out', { ...request, amount: '12', step_up: fresh }, randomUUID())).toEqual(
    refused('step_up_invalid'),
  );
  expect(await post(second, '/security/totp/remove', { step_up: fresh })).toEqual(refused('step_up_invalid'));
  await stop(second);
  expect(await stateOf(target, f, PAY_PASSWORD, first.now)).toMatchObject({
    withdrawals: 1,
    withdrawn: '10',
    consumed: 1,
    totp: 1,
    balance: { available: '990', held: '10' },
  });
}

async function payPassword(target: string): Promise<void> {
  const first = await startStepUpServer(target, { now: START, pause: true });
  const f = first.fixture;
  const code = await securityCode(first);
  const step_up = await confirmByApp(first, 'pay_password', {});
  const request = { pay_password: NEW_PAY, re_pay_password: NEW_PAY, code, step_up };
  await killDuring(first, () => post(first, '/safe/pay_password', request));
  const kept = await stateOf(target, f, PAY_PASSWORD, first.now);
  expect(kept).toMatchObject({ pay_password_kept: true, consumed: 0, codes_used: 0 });

  const second = await startStepUpServer(target, { now: first.now + 2 * MINUTE, setup: f });
  expect(await post(second, '/safe/pay_password', request)).toEqual({ type: 'ok', message: 'ok' });
  // Retried once more: the code and the confirmation are used, nothing changes again.
  expect(await post(second, '/safe/pay_password', request)).toEqual({
    type: 'error',
    message: translate('en', 'code_expired'),
  });
  // A confirmation of a withdrawal does not approve a pay password change.
  const other = await confirmByApp(second, 'withdraw', f.params);
  const again = { ...request, code: await securityCode(second), step_up: other };
  expect(
    await post(second, '/safe/pay_password', { ...again, pay_password: 'third-pay-5', re_pay_password: 'third-pay-5' }),
  ).toEqual(refused('step_up_invalid'));
  await stop(second);
  const changed = await stateOf(target, f, NEW_PAY, first.now);
  // Told twice, once each: the changed pay password and the pause it started.
  expect(changed).toMatchObject({ pay_password_kept: true, consumed: 1, codes_used: 1 });
  expect(changed.notices).toBe(kept.notices + 2);
  expect(changed.changed_at).not.toBe(kept.changed_at);
}

describe('a confirmed action killed before its commit', () => {
  const postgres = process.env.DATABASE_URL;
  it(
    'a withdrawal confirmed by the app applies once after a restart on PGlite',
    () => onPgliteFolder(withdrawal),
    300_000,
  );
  it.runIf(postgres)(
    'a withdrawal confirmed by the app applies once after a restart on PostgreSQL',
    () => onScratchPostgres(postgres!, withdrawal),
    300_000,
  );
  it(
    'a pay password change confirmed by the app applies once after a restart on PGlite',
    () => onPgliteFolder(payPassword),
    300_000,
  );
  it.runIf(postgres)(
    'a pay password change confirmed by the app applies once after a restart on PostgreSQL',
    () => onScratchPostgres(postgres!, payPassword),
    300_000,
  );
});
