import { expect, it } from 'vitest';
import * as security from '@contract/security';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/index';
import type { TestApp } from '../testing/app';
import { DAY, HOUR } from '../testing/clock';
import { call, ok, setPayPassword } from '../testing/fund';
import { confirmByCode } from '../testing/security';
import { describeEachDatabase } from '../testing/suite';
import { withdrawalAppOptions, withdrawer, withdrawTen, type Withdrawer } from '../testing/withdrawal';
import { COOLING_OFF_MS } from './withdraw-guard';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const USDT = 3;
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Each test signs up, funds, confirms by mail and moves the clock: many requests on a 2-core machine. */
const SLOW = 120_000;

type Who = Withdrawer;

const overview = (t: TestApp, u: Who) =>
  ok<security.SecurityOverview>(call(t, security.overview, {}, { token: u.token }));
const whitelist = (t: TestApp, u: Who, on: '0' | '1', step_up?: string) =>
  call(t, security.whitelistSet, { on, step_up }, { token: u.token, lang: 'en' });
describeEachDatabase(
  'withdrawal whitelist and cooling-off',
  ({ app, database }) => {
    it(
      'under the whitelist a new address waits a day; a refusal holds nothing',
      async () => {
        const t = app();
        const { u, address } = await withdrawer(t);
        const saved = t.clock.now().getTime() - 3 * 60_000;
        expect(await ok(whitelist(t, u, '1'))).toEqual({ whitelist: 'on', whitelist_off_at: null, paused_until: null });

        const refused = await withdrawTen(t, u, address.id);
        expect(refused.body.type).toBe('error');
        expect(String(refused.body.message)).toMatch(/^Under your whitelist this destination can be used from /);
        expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });

        t.clock.advance(DAY);
        await ok(withdrawTen(t, u, address.id));
        expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '990', held: '10' });
        // The message named the minute the address became usable (UTC): within the steps the clock took.
        const until = String(refused.body.message).match(/from (.+ UTC)/)![1]!;
        expect(Date.parse(until.replace(' UTC', 'Z').replace(' ', 'T')) - saved).toBeGreaterThanOrEqual(
          COOLING_OFF_MS - 60_000,
        );
      },
      SLOW,
    );

    it(
      'switching the whitelist off needs a confirmation and takes a day, the whitelist holding meanwhile',
      async () => {
        const t = app();
        const { u, address } = await withdrawer(t);
        await ok(whitelist(t, u, '1'));
        expect((await whitelist(t, u, '0')).body).toEqual({ type: 'error', message: en('step_up_required') });
        const token = await confirmByCode(t, u, 'whitelist_off');
        const asked = t.clock.now().getTime();
        const off = await ok<security.WithdrawGuard>(whitelist(t, u, '0', token));
        expect(off).toMatchObject({ whitelist: 'turning_off', paused_until: null });
        expect(Date.parse(off.whitelist_off_at!)).toBe(asked + COOLING_OFF_MS);
        // Asking again (a new confirmation) does not move the day.
        t.clock.advance(HOUR);
        await ok(whitelist(t, u, '0', await confirmByCode(t, u, 'whitelist_off')));
        expect((await overview(t, u)).withdrawals.whitelist_off_at).toBe(off.whitelist_off_at);
        expect((await withdrawTen(t, u, address.id)).body.type).toBe('error');

        t.clock.advance(DAY);
        expect((await overview(t, u)).withdrawals).toEqual({
          whitelist: 'off',
          whitelist_off_at: null,
          paused_until: null,
        });
        await ok(withdrawTen(t, u, address.id));
        // Switching on again applies at once, and to the destinations saved a day before only.
        expect((await ok<security.WithdrawGuard>(whitelist(t, u, '1'))).whitelist).toBe('on');
      },
      SLOW,
    );

    it(
      'changing the pay password pauses withdrawals for a day; setting the first one did not',
      async () => {
        const t = app();
        const { u, address } = await withdrawer(t);
        expect((await overview(t, u)).withdrawals.paused_until).toBeNull();
        await setPayPassword(t, u.token, u.email);
        const paused = (await overview(t, u)).withdrawals.paused_until;
        expect(paused).not.toBeNull();
        const refused = await withdrawTen(t, u, address.id);
        expect(refused.body).toEqual({
          type: 'error',
          message: en('withdraw_paused', { until: utc(Date.parse(paused!)) }),
        });
        expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
        t.clock.advance(DAY);
        await ok(withdrawTen(t, u, address.id));
      },
      SLOW,
    );

    it(
      'bad input is refused; a burst of switch-offs with one confirmation applies once',
      async () => {
        const t = app();
        const { u } = await withdrawer(t);
        const bad = await call(t, security.whitelistSet, { on: 'yes' }, { token: u.token, lang: 'en' });
        expect(bad.body.type).toBe('error');
        expect((await call(t, security.whitelistSet, { on: '1' }, { lang: 'en' })).body.type).not.toBe('ok');
        await ok(whitelist(t, u, '1'));
        const token = await confirmByCode(t, u, 'whitelist_off');
        const replies = await Promise.all(Array.from({ length: 8 }, () => whitelist(t, u, '0', token)));
        expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
        expect(replies.filter((r) => r.body.message === en('step_up_invalid'))).toHaveLength(7);
        // A confirmation of another action does not switch it off.
        const other = await confirmByCode(t, u, 'remove_totp');
        expect((await whitelist(t, u, '0', other)).body).toEqual({ type: 'error', message: en('step_up_invalid') });
      },
      SLOW,
    );
  },
  withdrawalAppOptions,
);
