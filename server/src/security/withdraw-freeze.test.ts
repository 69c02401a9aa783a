import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as auth from '@contract/auth';
import * as devices from '@contract/devices';
import * as fund from '@contract/fund';
import * as identity from '@contract/identity';
import * as security from '@contract/security';
import { devMail } from '../db/schema/index';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/index';
import type { TestApp } from '../testing/app';
import { DAY, MINUTE } from '../testing/clock';
import { adminUser, call, ok, PAY_PASSWORD } from '../testing/fund';
import { latestCode } from '../testing/mailbox';
import { confirmByCode, provenConfirmations } from '../testing/security';
import { describeEachDatabase } from '../testing/suite';
import { withdrawalAppOptions, withdrawer, withdrawTen, type Withdrawer } from '../testing/withdrawal';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const USDT = 3;
const NEW_PASSWORD = 'another-secret-7';
/** Each test signs up, funds, confirms by mail and moves the clock: many requests on a 2-core machine. */
const SLOW = 120_000;

type Who = Withdrawer;

const overview = (t: TestApp, u: { token: string }) =>
  ok<security.SecurityOverview>(call(t, security.overview, {}, { token: u.token }));
const unfreeze = (t: TestApp, u: { token: string }, step_up?: string) =>
  call(t, devices.withdrawUnfreeze, { step_up }, { token: u.token, lang: 'en' });

/** Signs in by password from the test's own client (the device the account was opened on). */
async function signInAgain(t: TestApp, u: Who, password = u.password): Promise<Who> {
  const token = await ok<string>(call(t, auth.login, { user_string: u.email, password }));
  return { ...u, token, password };
}

/** A sign-in from an unknown laptop, then its owner taps "this wasn't me" in the alert mail. */
async function freezeByAlert(t: TestApp, u: Who) {
  const laptop = await t.app.inject({
    method: 'POST',
    url: `/api${auth.login.path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    payload: new URLSearchParams({
      user_string: u.email,
      password: u.password,
      device_key: crypto.randomUUID(),
    }).toString(),
    remoteAddress: t.ip,
  });
  expect(laptop.json()).toMatchObject({ type: 'ok' });
  const [mail] = await t.app.ctx.db
    .select()
    .from(devMail)
    .where(and(eq(devMail.to, u.email), eq(devMail.code, '')));
  const token = /not_me\?token=([\w-]{43})/.exec(mail!.text)![1]!;
  return ok<{ frozen_at: string; sessions_ended: number }>(call(t, devices.notMe, { token }));
}

describeEachDatabase(
  'withdrawal freeze',
  ({ app }) => {
    it(
      'refuses withdrawals while frozen; lifting needs a new login password, then a confirmation',
      async () => {
        const t = app();
        const { u: before, address } = await withdrawer(t);
        const frozen = await freezeByAlert(t, before);
        expect(frozen.sessions_ended).toBe(2);
        expect((await call(t, security.overview, {}, { token: before.token })).body.type).toBe('999');

        // The owner signs in again on the device the account knows: withdrawals are refused, held nothing.
        let u = await signInAgain(t, before);
        const since = `${frozen.frozen_at.slice(0, 16).replace('T', ' ')} UTC`;
        expect((await withdrawTen(t, u, address.id)).body).toEqual({
          type: 'error',
          message: en('withdraw_frozen', { since }),
        });
        expect(await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
        expect((await overview(t, u)).withdraw_freeze).toEqual({
          frozen_at: frozen.frozen_at,
          password_changed: false,
        });

        // Not with the password whoever signed in knew, not even with a confirmation.
        expect((await unfreeze(t, u)).body).toEqual({ type: 'error', message: en('unfreeze_password_first') });
        const early = await confirmByCode(t, u, 'withdraw_unfreeze');
        expect((await unfreeze(t, u, early)).body).toEqual({ type: 'error', message: en('unfreeze_password_first') });

        // A new login password (by its emailed code), then the confirmation lifts it.
        await ok(
          call(t, auth.sendCode, { user_string: u.email, type: 'email', scene: 'password' }, { token: u.token }),
        );
        const code = await latestCode(t.app.ctx.db, u.email);
        await ok(
          call(
            t,
            identity.updatePassword,
            { password: NEW_PASSWORD, re_password: NEW_PASSWORD, code },
            { token: u.token },
          ),
        );
        t.clock.advance(MINUTE);
        expect((await overview(t, u)).withdraw_freeze.password_changed).toBe(true);
        expect((await unfreeze(t, u)).body).toEqual({ type: 'error', message: en('step_up_required') });
        // The confirmation made before the password changed was left unused by the refusal and still fits.
        expect(await ok(unfreeze(t, u, early))).toEqual({ frozen_at: null, password_changed: false });
        expect((await overview(t, u)).withdraw_freeze.frozen_at).toBeNull();
        expect((await unfreeze(t, u, await confirmByCode(t, u, 'withdraw_unfreeze'))).body).toEqual({
          type: 'error',
          message: en('withdraw_not_frozen'),
        });

        // The new password pauses withdrawals for a day, as any credential change does; then they go.
        const paused = await withdrawTen(t, u, address.id);
        expect(String(paused.body.message)).toMatch(/^Withdrawals are paused until /);
        t.clock.advance(DAY);
        u = await signInAgain(t, u, NEW_PASSWORD);
        await ok(withdrawTen(t, u, address.id));
        expect(await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).toEqual({ available: '990', held: '10' });
      },
      SLOW,
    );

    it(
      'a burst of withdrawals racing the freeze: each is either before it or refused, and none after',
      async () => {
        const t = app();
        const { u, address, params } = await withdrawer(t);
        const tokens = await provenConfirmations(t, u.user.id, 'withdraw', params('10'), 6);
        const withdrawals = tokens.map((step_up) =>
          call(
            t,
            fund.withdraw,
            { ...params('10'), pay_password: PAY_PASSWORD, step_up },
            { token: u.token, lang: 'en' },
          ),
        );
        const [frozen, ...replies] = await Promise.all([freezeByAlert(t, u), ...withdrawals]);
        expect(frozen.sessions_ended).toBe(2);
        const made = replies.filter((r) => r.body.type === 'ok').length;
        for (const r of replies.filter((x) => x.body.type !== 'ok')) {
          // Refused by the freeze, or by the session the freeze ended.
          expect(r.body.type === '999' || String(r.body.message).startsWith('Withdrawals are frozen since')).toBe(true);
        }
        expect(await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).toEqual({
          available: String(1000 - 10 * made),
          held: String(10 * made),
        });
        const again = await signInAgain(t, u);
        expect(String((await withdrawTen(t, again, address.id)).body.message)).toMatch(/^Withdrawals are frozen since/);
      },
      SLOW,
    );

    it(
      'a withdrawal waiting for review when the freeze came is never approved; staff may reject it',
      async () => {
        const t = app();
        const boss = await adminUser(t);
        const { u, address } = await withdrawer(t);
        const waiting = await ok<fund.Withdrawal>(withdrawTen(t, u, address.id));
        const second = await ok<fund.Withdrawal>(withdrawTen(t, u, address.id));
        await freezeByAlert(t, u);
        const review = (id: number, action: 'approve' | 'reject') =>
          call(t, admin.reviewWithdrawal, { id, action, reason: 'checked' }, { token: boss.token, lang: 'en' });

        // The console's queue says so before anyone tries.
        const queue = await ok<{ data: { id: number; owner_frozen: boolean }[] }>(
          call(t, admin.listWithdrawals, { limit: 100 }, { token: boss.token }),
        );
        const mine = queue.data.filter((w) => w.id === waiting.id || w.id === second.id);
        expect(mine.map((w) => w.owner_frozen)).toEqual([true, true]);

        // A burst of approvals: every one refused, nothing paid out, both still held and in review.
        const approvals = await Promise.all(
          [waiting.id, second.id, waiting.id, second.id].map((id) => review(id, 'approve')),
        );
        for (const r of approvals) expect(r.body).toEqual({ type: 'error', message: en('withdrawal_owner_frozen') });
        expect(await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).toEqual({ available: '980', held: '20' });

        expect((await ok<{ status: string }>(review(waiting.id, 'reject'))).status).toBe('rejected');
        expect(await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).toEqual({ available: '990', held: '10' });
        expect((await review(waiting.id, 'approve')).body.type).toBe('error');
      },
      SLOW,
    );
  },
  withdrawalAppOptions,
);
