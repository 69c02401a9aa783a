import { expect, it } from 'vitest';
import * as fund from '@contract/fund';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/index';
import { fixedPrices } from '../market/prices';
import type { TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { callConfirmed } from '../testing/security';
import {
  adminUser,
  ADDRESSES,
  call,
  deposit,
  ok,
  PAY_PASSWORD,
  setPayPassword,
  uploadImage,
  verifiedUser,
} from '../testing/fund';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const USDT = 3;

/** A level-1 user with a pay password, 1000 USDT and a bound TRC20 address to withdraw to. */
async function withdrawalReady(t: TestApp) {
  const boss = await adminUser(t);
  const u = await verifiedUser(t, boss.token, 1);
  await setPayPassword(t, u.token, u.email);
  await deposit(t, boss.token, u.token, 'USDT', '1000');
  const qrcode = await uploadImage(t, u.token);
  const address = await ok<fund.WalletAddress>(
    callConfirmed(
      t,
      fund.walletSave,
      'add_address',
      { currency: 'USDT', network: 'TRC20', name: 'cold', address: ADDRESSES.TRC20, qrcode },
      u,
    ),
  );
  return { t, u, address };
}

describeEachDatabase(
  'pay password lock under a burst',
  ({ app, database }) => {
    // 120 parallel guesses used to be compared before any of them was counted, so a right one
    // late in the burst went through after 100 wrong ones.
    it('compares at most five of 120 parallel guesses; the right one late in the burst is refused', async () => {
      const { t, u, address } = await withdrawalReady(app());
      const guess = (payPassword: string) =>
        call(
          t,
          fund.withdraw,
          { currency: 'USDT', account: 'change', amount: '10', address_id: address.id, pay_password: payPassword },
          { token: u.token, lang: 'en' },
        );
      const RIGHT_AT = 110;
      const replies = await Promise.all(
        Array.from({ length: 120 }, (_, i) => guess(i === RIGHT_AT ? PAY_PASSWORD : `wrong-guess-${i}`)),
      );
      const messages = replies.map((r) => r.body.message);
      expect(replies[RIGHT_AT]?.body).toEqual({ type: 'error', message: en('pay_password_locked', { minutes: 60 }) });
      expect(messages.filter((m) => m === en('pay_password_wrong'))).toHaveLength(4);
      expect(messages.filter((m) => m === en('pay_password_locked', { minutes: 60 }))).toHaveLength(116);
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
      expect((await guess(PAY_PASSWORD)).body.message).toBe(en('pay_password_locked', { minutes: 60 }));
    }, 120_000);

    // Signed-in requests read the user's row from a cache: a changed pay password must replace the
    // cached one before the next request, not when the database's announcement arrives.
    it('refuses the old pay password on the request right after it was changed', async () => {
      const { t, u, address } = await withdrawalReady(app());
      await setPayPassword(t, u.token, u.email, 'another-pay-9');
      const withOld = await call(
        t,
        fund.withdraw,
        { currency: 'USDT', account: 'change', amount: '10', address_id: address.id, pay_password: PAY_PASSWORD },
        { token: u.token, lang: 'en' },
      );
      expect(withOld.body).toEqual({ type: 'error', message: en('pay_password_wrong') });
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
    }, 60_000);
  },
  () => ({ prices: fixedPrices({ 1: '50000', 2: '2500' }) }),
);
