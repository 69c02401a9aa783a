import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as fund from '@contract/fund';
import { auditLog, withdrawals } from '../../db/schema/index';
import { translate } from '../../i18n';
import { balanceOf, checkInvariants, systemBalance } from '../../ledger/index';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import {
  ADDRESSES,
  adminUser,
  call,
  CARD,
  IBAN,
  ok,
  PAY_PASSWORD,
  registerByMobile,
  verifiedUser,
} from '../../testing/fund';
import { callConfirmed, provenConfirmations } from '../../testing/security';
import { withdrawalAppOptions, withdrawer as readyWithdrawer, type WithdrawerOptions } from '../../testing/withdrawal';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

/** A user ready to withdraw (`testing/withdrawal.ts`) and `out`, a confirmed withdrawal of 100 unless told. */
async function withdrawer(t: TestApp, opts: WithdrawerOptions = {}) {
  const w = await readyWithdrawer(t, opts);
  const out = (data: Record<string, unknown>, key?: string) =>
    callConfirmed(
      t,
      fund.withdraw,
      'withdraw',
      { ...w.params('100'), pay_password: PAY_PASSWORD, ...data },
      { ...w.u, lang: 'en', ...(key ? { key } : {}) },
    );
  return { ...w, out };
}

const USDT = 3;
const BTC = 1;

describeEachDatabase(
  'withdrawal',
  ({ app, database }) => {
    it('holds amount and fee until approval posts them to external withdrawals and fees, once', async () => {
      const t = app();
      const { boss, u, out } = await withdrawer(t);
      const db = database().db;
      const w = await ok<fund.Withdrawal>(out({}));
      expect(w).toMatchObject({
        status: 'review',
        amount: '100',
        fee: '1',
        received: '99',
        network: 'TRC20',
        destination: ADDRESSES.TRC20,
      });
      expect(w.notice).toBe(en('arrival_minutes', { minutes: 5 }));
      expect(await balanceOf(db, u.user.id, USDT, 'change')).toEqual({ available: '900', held: '100' });

      const [ext, fees] = await Promise.all([
        systemBalance(db, 'external_withdrawals', USDT),
        systemBalance(db, 'fees', USDT),
      ]);
      const queue = await ok<{ data: { id: number }[] }>(call(t, admin.listWithdrawals, {}, { token: boss.token }));
      expect(queue.data.map((x) => x.id)).toContain(w.id);
      const done = await ok<fund.Withdrawal>(
        call(t, admin.reviewWithdrawal, { id: w.id, action: 'approve' }, { token: boss.token }),
      );
      expect(done.status).toBe('approved');
      expect(await balanceOf(db, u.user.id, USDT, 'change')).toEqual({ available: '900', held: '0' });
      expect(Number((await systemBalance(db, 'external_withdrawals', USDT)).available) - Number(ext.available)).toBe(
        99,
      );
      expect(Number((await systemBalance(db, 'fees', USDT)).available) - Number(fees.available)).toBe(1);

      for (const action of ['approve', 'reject'] as const) {
        const again = await call(
          t,
          admin.reviewWithdrawal,
          { id: w.id, action, reason: 'again' },
          { token: boss.token, lang: 'en' },
        );
        expect(again.body).toEqual({ type: 'error', message: en('already_reviewed') });
      }
      expect(await balanceOf(db, u.user.id, USDT, 'change')).toEqual({ available: '900', held: '0' });
      const audits = await db.select().from(auditLog).where(eq(auditLog.entity, 'withdrawal'));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ adminId: boss.user.id, action: 'withdrawal.approve', entityId: w.id });
      expect(audits[0]?.before).toMatchObject({ status: 'review' });
      expect(audits[0]?.after).toMatchObject({ status: 'approved' });
      expect((await checkInvariants(db)).ok).toBe(true);
    });

    it('rejection releases the hold once and tells the user why', async () => {
      const t = app();
      const { boss, u, out } = await withdrawer(t);
      const db = database().db;
      const w = await ok<fund.Withdrawal>(out({ amount: '250.5' }));
      await ok(
        call(
          t,
          admin.reviewWithdrawal,
          { id: w.id, action: 'reject', reason: 'address flagged' },
          { token: boss.token },
        ),
      );
      expect(await balanceOf(db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
      const again = await call(
        t,
        admin.reviewWithdrawal,
        { id: w.id, action: 'reject', reason: 'x' },
        { token: boss.token },
      );
      expect(again.body.type).toBe('error');
      expect(await balanceOf(db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
      const list = await ok<{ data: fund.Withdrawal[] }>(call(t, fund.withdrawList, {}, { token: u.token }));
      expect(list.data[0]).toMatchObject({ id: w.id, status: 'rejected', reason: 'address flagged' });
      expect((await checkInvariants(db)).ok).toBe(true);
    });

    it('refuses bad amounts, below the minimum, and more than the balance, holding nothing', async () => {
      const t = app();
      const { u, out } = await withdrawer(t);
      const msg = async (amount: string) => (await out({ amount })).body.message;
      expect(await msg('-5')).toBe(en('amount_invalid'));
      expect(await msg('0')).toBe(en('amount_invalid'));
      expect(await msg('10.00000000001')).toBe(en('amount_decimals', { field: 'Amount' }));
      expect(await msg('ten')).toBe(en('amount_invalid'));
      expect(await msg('NaN')).toBe(en('amount_invalid'));
      expect(await msg('100000000000000000000')).toBe(en('amount_invalid'));
      expect(await msg('9.99')).toBe(en('amount_too_small', { min: '10', currency: 'USDT' }));
      expect(await msg('1000.01')).toBe(en('insufficient_balance'));
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
      const list = await ok<{ total: number }>(call(t, fund.withdrawList, {}, { token: u.token }));
      expect(list.total).toBe(0);
    });

    it('needs the right pay password, a selected own address of the currency, and an idempotency key', async () => {
      const t = app();
      const { u, out, address } = await withdrawer(t);
      expect((await out({ pay_password: 'not-the-one' })).body.message).toBe(en('pay_password_wrong'));
      expect((await out({ address_id: undefined })).body.message).toBe(en('select_withdraw_address'));
      const other = await withdrawer(t);
      expect((await out({ address_id: other.address.id })).body.message).toBe(en('address_not_found'));
      expect((await out({ address_id: 999999 })).body.message).toBe(en('address_not_found'));
      expect((await out({ currency: 'ETH', amount: '1' })).body.message).toBe(en('select_withdraw_address'));
      const noKey = await call(
        t,
        fund.withdraw,
        { currency: 'USDT', amount: '100', address_id: address.id, pay_password: PAY_PASSWORD },
        { token: u.token, key: null, lang: 'en' },
      );
      expect(noKey.body.message).toBe(en('idempotency_key_required'));
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
    });

    it('locks the pay password for an hour after 5 wrong ones in a row; a right one resets the count', async () => {
      const t = app();
      const { out } = await withdrawer(t);
      for (let i = 0; i < 4; i++)
        expect((await out({ pay_password: `wrong-${i}-pass` })).body.message).toBe(en('pay_password_wrong'));
      await ok(out({ amount: '10' }));
      for (let i = 0; i < 4; i++)
        expect((await out({ pay_password: `wrong-${i}-pass` })).body.message).toBe(en('pay_password_wrong'));
      expect((await out({ pay_password: 'wrong-5-pass' })).body.message).toBe(
        en('pay_password_locked', { minutes: 60 }),
      );
      expect((await out({})).body.message).toBe(en('pay_password_locked', { minutes: 60 }));
      t.clock.advance(HOUR + MINUTE);
      await ok(out({ amount: '10' }));
    });

    it('a retry with the same key holds once', async () => {
      const t = app();
      const { u, out } = await withdrawer(t);
      const a = await ok<fund.Withdrawal>(out({}, 'withdraw-key-1'));
      const b = await ok<fund.Withdrawal>(out({}, 'withdraw-key-1'));
      expect(b.id).toBe(a.id);
      expect((await out({ amount: '200' }, 'withdraw-key-1')).body.message).toBe(en('idempotency_key_reused'));
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '900', held: '100' });
    });

    it('bank and SWIFT withdrawals need a bound card; SWIFT says 5-7 business days', async () => {
      const t = app();
      const { u, out } = await withdrawer(t);
      expect((await out({ method: 'bank' })).body.message).toBe(en('bank_card_required'));
      expect((await out({ method: 'international' })).body.message).toBe(en('bank_card_required'));
      await ok(call(t, fund.cashSave, CARD, { token: u.token }));
      await ok(call(t, fund.cashSaveInternational, IBAN, { token: u.token }));
      const bank = await ok<fund.Withdrawal>(out({ method: 'bank', address_id: undefined }));
      expect(bank).toMatchObject({ method: 'bank', network: null, destination: '**** 4321', fee: '5', received: '95' });
      const swift = await ok<fund.Withdrawal>(out({ method: 'international', amount: '200' }));
      expect(swift).toMatchObject({ fee: '25', received: '175', destination: '**** 0000' });
      expect(swift.notice).toBe(en('swift_arrival'));
      expect((await out({ method: 'bank', amount: '49' })).body.message).toBe(
        en('amount_too_small', { min: '50', currency: 'USDT' }),
      );
      expect((await out({ method: 'bank', currency: 'BTC', amount: '1' })).body.message).toBe(
        en('currency_unsupported'),
      );
      const [row] = await database().db.select().from(withdrawals).where(eq(withdrawals.id, swift.id));
      expect(row?.payee).toMatchObject({ swift_code: 'DEUTDEFF', payee_name: 'Ada Lovelace' });
    });

    it('answers 997 without a bound email and 998 without basic verification', async () => {
      const t = app();
      const boss = await adminUser(t);
      const u = await verifiedUser(t, boss.token, 0);
      const r = await call(
        t,
        fund.withdraw,
        { currency: 'USDT', amount: '100', address_id: 1, pay_password: PAY_PASSWORD },
        { token: u.token, lang: 'en' },
      );
      expect(r.body).toEqual({ type: '998', message: en('real_name_required') });
      const { token } = await registerByMobile(t);
      const m = await call(
        t,
        fund.withdraw,
        { currency: 'USDT', amount: '100', address_id: 1, pay_password: PAY_PASSWORD },
        { token, lang: 'en' },
      );
      expect(m.body).toEqual({ type: '997', message: en('email_required') });
    });

    it('limits level 1 to 200 BTC a rolling day, naming what is left (996), rejected ones not counted', async () => {
      const t = app();
      const { boss, u, out } = await withdrawer(t, { currency: 'BTC', network: 'BTC', funds: '1000' });
      const first = await ok<fund.Withdrawal>(out({ amount: '150' }));
      const over = await out({ amount: '60' });
      expect(over.body).toEqual({ type: '996', message: en('withdraw_limit_upgrade', { remaining: '50' }) });
      await ok(out({ amount: '50' }));
      expect((await out({ amount: '0.01' })).body.message).toBe(en('withdraw_limit_upgrade', { remaining: '0' }));
      await ok(
        call(t, admin.reviewWithdrawal, { id: first.id, action: 'reject', reason: 'no' }, { token: boss.token }),
      );
      await ok(out({ amount: '150' }));
      t.clock.advance(DAY + HOUR);
      await ok(out({ amount: '200' }));
      expect(await balanceOf(database().db, u.user.id, BTC, 'change')).toEqual({ available: '600', held: '400' });
    });

    it('parallel requests cannot spend the same allowance twice', async () => {
      const t = app();
      const { u, out, address } = await withdrawer(t, { currency: 'BTC', network: 'BTC', funds: '1000' });
      const params = { currency: 'BTC', account: 'change', amount: '30', address_id: address.id };
      const tokens = await provenConfirmations(t, u.user.id, 'withdraw', params, 10);
      const replies = await Promise.all(tokens.map((step_up) => out({ amount: '30', step_up })));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(6);
      const refused = replies.filter((r) => r.body.type !== 'ok').map((r) => r.body);
      expect(refused).toEqual(
        Array.from({ length: 4 }, () => ({ type: '996', message: en('withdraw_limit_upgrade', { remaining: '20' }) })),
      );
    }, 120_000);

    it('converts other currencies to BTC at the feed price; level 2 allows 500 BTC', async () => {
      const t = app();
      const { out } = await withdrawer(t, { level: 2, currency: 'ETH', network: 'ERC20', funds: '20000' });
      // 2,500 / 50,000: one ETH is 0.05 BTC, so 500 BTC is 10,000 ETH.
      await ok(out({ amount: '9000' }));
      const over = await out({ amount: '1000.02' });
      expect(over.body).toEqual({ type: 'error', message: en('withdraw_limit_exceeded', { remaining: '50' }) });
      await ok(out({ amount: '1000' }));
    });

    // Each request checks the pay password (scrypt), which dominates the run time.
    it('of 100 concurrent withdrawals from an account that can afford 50, exactly 50 succeed', async () => {
      const t = app();
      const { u, out, address } = await withdrawer(t, { funds: '500' });
      const params = { currency: 'USDT', account: 'change', amount: '10', address_id: address.id };
      const tokens = await provenConfirmations(t, u.user.id, 'withdraw', params, 100);
      const replies = await Promise.all(tokens.map((step_up) => out({ amount: '10', step_up })));
      const okCount = replies.filter((r) => r.body.type === 'ok').length;
      expect(okCount).toBe(50);
      expect(
        replies.filter((r) => r.body.type !== 'ok').every((r) => r.body.message === en('insufficient_balance')),
      ).toBe(true);
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '0', held: '500' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    }, 240_000);
  },
  withdrawalAppOptions,
);
