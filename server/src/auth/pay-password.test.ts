import { expect, it } from 'vitest';
import * as fund from '@contract/fund';
import { translate } from '../i18n';
import { balanceOf } from '../ledger/index';
import { describeEachDatabase } from '../testing/suite';
import { call, PAY_PASSWORD, setPayPassword } from '../testing/fund';
import { withdrawalAppOptions, withdrawer } from '../testing/withdrawal';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const USDT = 3;

describeEachDatabase(
  'pay password lock under a burst',
  ({ app, database }) => {
    // 120 parallel guesses used to be compared before any of them was counted, so a right one
    // late in the burst went through after 100 wrong ones.
    it('compares at most five of 120 parallel guesses; the right one late in the burst is refused', async () => {
      const t = app();
      const { u, params } = await withdrawer(t);
      const guess = (payPassword: string) =>
        call(t, fund.withdraw, { ...params('10'), pay_password: payPassword }, { token: u.token, lang: 'en' });
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
      const t = app();
      const { u, params } = await withdrawer(t);
      await setPayPassword(t, u.token, u.email, 'another-pay-9');
      const withOld = await call(
        t,
        fund.withdraw,
        { ...params('10'), pay_password: PAY_PASSWORD },
        { token: u.token, lang: 'en' },
      );
      expect(withOld.body).toEqual({ type: 'error', message: en('pay_password_wrong') });
      expect(await balanceOf(database().db, u.user.id, USDT, 'change')).toEqual({ available: '1000', held: '0' });
    }, 60_000);
  },
  withdrawalAppOptions,
);
