import { expect, it } from 'vitest';
import * as fund from '@contract/fund';
import * as security from '@contract/security';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/index';
import type { TestApp } from '../testing/app';
import { MINUTE } from '../testing/clock';
import { call, ok, PAY_PASSWORD } from '../testing/fund';
import { latestCode } from '../testing/mailbox';
import { confirmByCode } from '../testing/security';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';
import { withdrawalAppOptions, withdrawer as readyWithdrawer } from '../testing/withdrawal';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const USDT = 3;

/** A user ready to withdraw 1000 USDT (`testing/withdrawal.ts`) and `withdraw` with a step-up token. */
async function withdrawer(t: TestApp) {
  const w = await readyWithdrawer(t);
  const withdraw = (amount: string, step_up?: string) =>
    call(
      t,
      fund.withdraw,
      { ...w.params(amount), pay_password: PAY_PASSWORD, step_up },
      { token: w.u.token, lang: 'en' },
    );
  return { ...w, withdraw };
}

describeEachDatabase(
  'step-up bound to one action',
  ({ app, database }) => {
    it('a withdrawal needs a confirmation of exactly its parameters, used once', async () => {
      const t = app();
      const { u, params, withdraw } = await withdrawer(t);
      expect((await withdraw('10')).body).toEqual({ type: 'error', message: en('step_up_required') });

      const forTen = await confirmByCode(t, u, 'withdraw', params('10'));
      // Made for 10 USDT: it cannot approve 900 to the same address.
      expect((await withdraw('900', forTen)).body).toEqual({ type: 'error', message: en('step_up_invalid') });
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
      await ok(withdraw('10', forTen));
      // Used up: the same token approves nothing more, not even the same withdrawal again.
      expect((await withdraw('10', forTen)).body).toEqual({ type: 'error', message: en('step_up_invalid') });
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '990', held: '10' });
    });

    it('of parallel withdrawals with one confirmation, exactly one goes through', async () => {
      const t = app();
      const { u, params, withdraw } = await withdrawer(t);
      const token = await confirmByCode(t, u, 'withdraw', params('10'));
      const replies = await Promise.all(Array.from({ length: 10 }, () => withdraw('10', token)));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      expect(replies.filter((r) => r.body.message === en('step_up_invalid'))).toHaveLength(9);
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '990', held: '10' });
    }, 120_000);

    it('a confirmation expires five minutes after it was proven', async () => {
      const t = app();
      const { u, params, withdraw } = await withdrawer(t);
      const token = await confirmByCode(t, u, 'withdraw', params('10'));
      t.clock.advance(5 * MINUTE);
      expect((await withdraw('10', token)).body).toEqual({ type: 'error', message: en('step_up_invalid') });
    });
  },
  withdrawalAppOptions,
);

describeOnOneDatabase(
  'step-up requests',
  ({ app }) => {
    it('refuses bad input, another user confirmation ids and a code sent for another confirmation', async () => {
      const t = app();
      const { u, params, withdraw } = await withdrawer(t);
      const other = await withdrawer(t);
      const start = (data: Record<string, unknown>, token = u.token) =>
        call(t, security.stepUpStart, data, { token, lang: 'en' });
      expect((await start({ action: 'withdraw', params: 'not json' })).body.type).toBe('error');
      expect((await start({ action: 'withdraw', params: '{"currency":"DOGE"}' })).body.type).toBe('error');
      expect((await start({ action: 'drop_tables', params: '{}' })).body.type).toBe('error');
      expect((await start({ action: 'withdraw', params: 'a\u0000b' })).body.type).toBe('error');

      const a = await ok<{ id: number; factor: string }>(
        start({ action: 'withdraw', params: JSON.stringify(params('10')) }),
      );
      expect(a.factor).toBe('code');
      const codeOfA = await latestCode(t.app.ctx.db, u.email);
      // Another user's confirmation answers like a missing one, with the right code.
      const verify = (id: number, code: string, token = u.token) =>
        call(t, security.stepUpVerify, { id, code }, { token, lang: 'en' });
      expect((await verify(a.id, codeOfA, other.u.token)).body).toEqual({
        type: 'error',
        message: en('record_not_found', { field: 'id' }),
      });
      expect((await verify(2_147_483_647, codeOfA)).body.type).toBe('error');
      expect((await verify(a.id, '12')).body.type).toBe('error');

      t.clock.advance(MINUTE);
      const b = await ok<{ id: number }>(start({ action: 'withdraw', params: JSON.stringify(params('900')) }));
      const codeOfB = await latestCode(t.app.ctx.db, u.email);
      // B's code proves B only; A's code no longer proves anything once B's was sent.
      expect((await verify(a.id, codeOfB)).body.type).toBe('error');
      expect((await verify(a.id, codeOfA)).body.type).toBe('error');
      const { token } = await ok<{ token: string }>(verify(b.id, codeOfB));
      expect((await withdraw('10', token)).body).toEqual({ type: 'error', message: en('step_up_invalid') });
      await ok(withdraw('900', token));
    });
  },
  withdrawalAppOptions,
);
