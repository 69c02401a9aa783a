import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as fund from '@contract/fund';
import * as otc from '@contract/otc';
import { otcAds, users } from '../../db/schema/index';
import { balanceOf, checkInvariants } from '../../ledger/index';
import type { TestApp } from '../../testing/app';
import { MINUTE } from '../../testing/clock';
import { deposit } from '../../testing/ledger';
import { call, CARD, ok } from '../../testing/fund';
import { taker } from '../../testing/otc';
import { describeEachDatabase } from '../../testing/suite';
import { walletAppOptions } from '../../testing/wallet';
import { DEMO_ADS, DEMO_MERCHANT_EMAIL, DEMO_MERCHANT_NAME, seedDemoMerchant } from './demo-merchant';
import { escrowMismatches } from './repo';

const USDT = 3;

describeEachDatabase(
  'demo OTC merchant (demo mode)',
  ({ app, database }) => {
    const legal = (t: TestApp, userId: number) => balanceOf(t.app.ctx.db, userId, USDT, 'legal');
    const minute = async (t: TestApp, ms = MINUTE) => {
      t.clock.advance(ms);
      await t.app.ctx.scheduler.runDue();
    };
    const demoAd = async (t: TestApp, side: 'buy' | 'sell', fiat: 'CNY' | 'USD') => {
      const list = await ok<{ data: otc.Ad[] }>(call(t, otc.otcAds, { side, coin: 'USDT', fiat }));
      return list.data.find((a) => a.merchant.nickname === DEMO_MERCHANT_NAME)!;
    };

    it('seeds one labelled merchant with ads once, across restarts', async () => {
      const t = app();
      const [merchant] = await database().db.select().from(users).where(eq(users.email, DEMO_MERCHANT_EMAIL));
      expect(merchant).toBeDefined();
      // A second start (another process) changes nothing.
      expect(await seedDemoMerchant(t.app.ctx.db, t.clock.now())).toBe(merchant!.id);
      expect(await seedDemoMerchant(t.app.ctx.db, t.clock.now())).toBe(merchant!.id);
      const ads = await database().db.select().from(otcAds).where(eq(otcAds.merchantId, merchant!.id));
      expect(ads).toHaveLength(DEMO_ADS.length);
      // The user's buy tab lists the merchant's sell ads, priced from the feed, with terms that say "demo".
      const sell = await demoAd(t, 'buy', 'CNY');
      expect(sell).toMatchObject({ side: 'sell', status: 'online', price_type: 'margin', margin: '0.01' });
      expect(sell.price).not.toBeNull();
      expect(sell.terms).toMatch(/^Demo merchant/);
      expect((await demoAd(t, 'sell', 'USD')).side).toBe('buy');
    });

    it('releases a paid order about a minute later, and marks a buy order paid a minute after it opened', async () => {
      const t = app();
      t.clock.set(new Date(Date.UTC(2034, 0, 1)));
      const u = await taker(t, 1);
      const before = await legal(t, u.user.id);
      const sell = await demoAd(t, 'buy', 'CNY');
      const order = await ok<otc.OtcOrder>(
        call(
          t,
          otc.otcOrderOpen,
          { ad_id: sell.id, quantity: '100', method: 'bank' },
          { token: u.token, key: randomUUID() },
        ),
      );
      expect(order.pay_to.bank_name).toMatch(/Demo/);
      await ok(call(t, otc.otcOrderPaid, { id: order.id }, { token: u.token, key: randomUUID() }));
      await minute(t, 30_000);
      expect((await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: order.id }, { token: u.token }))).status).toBe('paid');
      await minute(t);
      await minute(t);
      const done = await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: order.id }, { token: u.token }));
      expect(done.status).toBe('completed');
      expect((await legal(t, u.user.id)).available).toBe(String(Number(before.available) + 100));

      // The user sells to the demo merchant's buy ad: marked paid a minute later, released by the user.
      await ok(call(t, fund.cashSave, CARD, { token: u.token }));
      await deposit(t.app.ctx.db, u.user.id, USDT, '50', 'legal');
      const buy = await demoAd(t, 'sell', 'CNY');
      const sale = await ok<otc.OtcOrder>(
        call(
          t,
          otc.otcOrderOpen,
          { ad_id: buy.id, quantity: '50', method: 'bank' },
          { token: u.token, key: randomUUID() },
        ),
      );
      expect(sale.my_side).toBe('sell');
      await minute(t);
      await minute(t);
      const paid = await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: sale.id }, { token: u.token }));
      expect(paid.status).toBe('paid');
      // A second pass over the same minutes changes nothing more.
      await t.app.ctx.scheduler.runDue();
      expect((await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: order.id }, { token: u.token }))).status).toBe(
        'completed',
      );
      expect(await escrowMismatches(t.app.ctx.db)).toBe(0);
      expect((await checkInvariants(t.app.ctx.db)).problems).toEqual([]);
    });
  },
  () => ({ ...walletAppOptions(), demoSeeds: true }),
);
