import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as coupon from '@contract/coupon';
import * as lever from '@contract/futures';
import { coupons } from '../db/schema/index';
import { balanceOf, checkInvariants } from '../ledger/index';
import { deposit as credit } from '../testing/ledger';
import { registerUser } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { pushFeed, tick } from '../testing/trade';
import { callWithKey, okOf } from '../testing/wallet';

const USDT = 3;
/** 1 BTC at 20,000 with 50x: notional 20,000, fee 10, margin 400. */
const ONE_BTC = { currency_id: 1, legal_id: 3, share: 1000, multiple: 50, status: 1, type: 1 };

let feed = pushFeed();

describeEachDatabase(
  'demo coupons',
  ({ app, database }) => {
    it('fills the coupon centre in demo mode once, with offers that are claimed and used like any other', async () => {
      const t = app();
      const u = await registerUser(t);
      const center = async (token: string) =>
        okOf(coupon.couponCenter, (await t.call(coupon.couponCenter, {}, { token })).body);
      const offers = await center(u.token);
      expect(offers.map((o) => o.kind).sort()).toEqual(['futures_fee', 'futures_fee', 'recharge_bonus']);
      // A second process starting on the same database issues nothing more.
      const again = await createTestApp(database(), { demoSeeds: true, market: { manual: true, feed: pushFeed() } });
      await again.close();
      expect(await center(u.token)).toHaveLength(3);

      // Half the fee off, at most 5 USDT: the 10 USDT fee of a 20,000 position costs 5.
      const half = offers.find((o) => o.kind === 'futures_fee' && o.rate === '0.5')!;
      okOf(coupon.couponClaim, (await t.call(coupon.couponClaim, { id: half.id }, { token: u.token })).body);
      await credit(t.app.ctx.db, u.user.id, USDT, '1000', 'lever');
      await tick(t, feed, 'BTC/USDT', '20000');
      const body = { lang: 'en', ...ONE_BTC };
      okOf(
        lever.leverSubmit,
        (await callWithKey(t, lever.leverSubmit, body, { token: u.token, key: randomUUID() })).body,
      );
      expect((await balanceOf(t.app.ctx.db, u.user.id, USDT, 'lever')).available).toBe(String(1000 - 400 - 10 + 5));
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });
  },
  () => {
    feed = pushFeed();
    return { demoSeeds: true, market: { manual: true, feed } };
  },
);

describeEachDatabase(
  'no demo coupons in production',
  ({ app, database }) => {
    it('issues nothing when the server is not in demo mode', async () => {
      expect(app().config.mode).toBe('production');
      expect(await database().db.select().from(coupons)).toEqual([]);
    });
  },
  () => ({ demoSeeds: true, config: { mode: 'production', smtpUrl: 'smtp://127.0.0.1:9' } }),
);
