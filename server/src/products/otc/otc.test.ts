import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as fund from '@contract/fund';
import type { Endpoint } from '@contract/define';
import * as otc from '@contract/otc';
import { translate } from '../../i18n';
import { balanceOf, checkInvariants } from '../../ledger/index';
import type { TestApp } from '../../testing/app';
import { MINUTE } from '../../testing/clock';
import { call, CARD, ok, uploadImage } from '../../testing/fund';
import { AD, merchant, publish, staff, taker } from '../../testing/otc';
import { describeEachDatabase } from '../../testing/suite';
import { walletAppOptions } from '../../testing/wallet';
import { escrowMismatches } from './repo';

const USDT = 3;
const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const legal = (t: TestApp, userId: number) => balanceOf(t.app.ctx.db, userId, USDT, 'legal');

/** Each test's clock starts a day after the previous one's, so the minute job never sees time go back. */
let era = 0;
const startEra = (t: TestApp) => {
  era += 1;
  t.clock.set(new Date(Date.UTC(2032, 0, 1) + era * 86_400_000));
};

async function world(t: TestApp) {
  startEra(t);
  const admin = await staff(t);
  const m = await merchant(t, admin.token);
  return { admin, m };
}

const open = (t: TestApp, token: string, body: Record<string, unknown>, key = randomUUID()) =>
  call(t, otc.otcOrderOpen, { method: 'bank', ...body }, { token, key, lang: 'en' });
const act = (t: TestApp, endpoint: Endpoint, token: string, body: Record<string, unknown>) =>
  call(t, endpoint, body, { token, lang: 'en' });

async function invariantsHold(t: TestApp) {
  expect(await escrowMismatches(t.app.ctx.db)).toBe(0);
  expect((await checkInvariants(t.app.ctx.db)).problems).toEqual([]);
}

describeEachDatabase(
  'otc',
  ({ app }) => {
    it('merchants: level 2 applies once, staff approve (audited); only merchants publish', async () => {
      const t = app();
      startEra(t);
      const admin = await staff(t);
      const low = await taker(t, 1);
      expect((await call(t, otc.otcApply, {}, { token: low.token, lang: 'en' })).body).toEqual({
        type: 'error',
        message: en('otc_level2_required'),
      });
      expect((await call(t, otc.otcAdSave, AD, { token: low.token, lang: 'en' })).body).toEqual({
        type: 'error',
        message: en('otc_not_merchant'),
      });
      const m = await merchant(t, admin.token);
      expect((await call(t, otc.otcApply, {}, { token: m.token, lang: 'en' })).body).toEqual({
        type: 'error',
        message: en('otc_already_merchant'),
      });
      const mine = await ok<{ application: otc.MerchantApplication }>(call(t, otc.otcMerchant, {}, { token: m.token }));
      expect(mine.application.state).toBe('approved');
      const ad = await publish(t, m.token);
      expect(ad).toMatchObject({ side: 'sell', price: '7.2', remaining: '1000', status: 'online' });
      expect(ad.merchant).toMatchObject({ completed: 0, completion_rate: null, avg_release_seconds: null });
      // A user buying sees the merchant's sell ads.
      const list = await ok<{ data: otc.Ad[] }>(call(t, otc.otcAds, { side: 'buy', coin: 'USDT', fiat: 'CNY' }));
      expect(list.data.map((a) => a.id)).toContain(ad.id);
      // Another user cannot edit or pause it.
      const other = await taker(t, 2);
      expect((await call(t, otc.otcAdStatus, { id: ad.id, status: 'paused' }, { token: other.token })).body.type).toBe(
        'error',
      );
    });

    it('buy: escrow at opening, paid with a proof, released to the buyer; figures from the order', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token);
      const u = await taker(t, 1);
      const before = await legal(t, u.user.id);
      const order = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '100' }));
      expect(order).toMatchObject({ my_side: 'buy', status: 'unpaid', fiat_amount: '720.00', pay_to: CARD });
      expect(await legal(t, m.user.id)).toMatchObject({ held: '100' });
      expect((await ok<otc.Ad>(call(t, otc.otcAd, { id: ad.id }))).remaining).toBe('900');
      // Someone else's order answers like a missing one; the seller cannot mark it paid.
      const stranger = await taker(t, 1);
      expect((await call(t, otc.otcOrder, { id: order.id }, { token: stranger.token, lang: 'en' })).body).toEqual({
        type: 'error',
        message: en('order_not_found'),
      });
      expect((await act(t, otc.otcOrderRelease, stranger.token, { id: order.id })).body.type).toBe('error');
      expect((await act(t, otc.otcOrderPaid, m.token, { id: order.id })).body).toEqual({
        type: 'error',
        message: en('otc_order_changed'),
      });
      expect((await act(t, otc.otcOrderRelease, m.token, { id: order.id })).body.type).toBe('error');
      const proof = await uploadImage(t, u.token);
      t.clock.advance(MINUTE);
      const paid = await ok<otc.OtcOrder>(act(t, otc.otcOrderPaid, u.token, { id: order.id, proof }));
      expect(paid.status).toBe('paid');
      // The seller sees the buyer's proof through the order.
      const name = paid.proof!.split('/').pop()!;
      const image = await t.app.inject({
        url: `/api/otc/image/${order.id}/${name}`,
        headers: { authorization: m.token },
      });
      expect(image.statusCode).toBe(200);
      const leak = await t.app.inject({
        url: `/api/otc/image/${order.id}/${name}`,
        headers: { authorization: stranger.token },
      });
      expect(leak.statusCode).toBe(404);
      t.clock.advance(2 * MINUTE);
      const done = await ok<otc.OtcOrder>(act(t, otc.otcOrderRelease, m.token, { id: order.id }));
      expect(done.status).toBe('completed');
      expect((await legal(t, u.user.id)).available).toBe(String(Number(before.available) + 100));
      expect(await legal(t, m.user.id)).toMatchObject({ held: '0' });
      const figures = (await ok<otc.Ad>(call(t, otc.otcAd, { id: ad.id }))).merchant;
      expect(figures).toMatchObject({ completed: 1, completion_rate: '1', avg_release_seconds: 120 });
      await invariantsHold(t);
    });

    it('sell: the user’s coins go into escrow; the merchant pays and the user releases', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token, {
        side: 'buy',
        price_type: 'margin',
        fixed_price: undefined,
        margin: '0.01',
      });
      // Feed 1 USDT x 7.1 CNY x 1.01.
      expect(ad.price).toBe('7.17');
      const u = await taker(t, 1);
      expect((await open(t, u.token, { ad_id: ad.id, quantity: '50' })).body).toEqual({
        type: 'error',
        message: en('otc_bind_method'),
      });
      await ok(call(t, fund.cashSave, CARD, { token: u.token }));
      const order = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '50' }));
      expect(order).toMatchObject({ my_side: 'sell', price: '7.17', fiat_amount: '358.50' });
      expect(await legal(t, u.user.id)).toMatchObject({ held: '50' });
      const merchantBefore = await legal(t, m.user.id);
      await ok(act(t, otc.otcOrderPaid, m.token, { id: order.id }));
      await ok(act(t, otc.otcOrderRelease, u.token, { id: order.id }));
      expect((await legal(t, m.user.id)).available).toBe(String(Number(merchantBefore.available) + 50));
      await invariantsHold(t);
    });

    it('an unpaid order is cancelled once when its window ends, and the buyer may cancel before paying', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token);
      const u = await taker(t, 1);
      const late = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '100' }));
      const early = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '50' }));
      const cancelled = await ok<otc.OtcOrder>(act(t, otc.otcOrderCancel, u.token, { id: early.id }));
      expect(cancelled).toMatchObject({ status: 'cancelled', cancel_cause: 'buyer' });
      t.clock.advance(14 * MINUTE);
      await t.app.ctx.scheduler.runDue();
      expect((await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: late.id }, { token: u.token }))).status).toBe(
        'unpaid',
      );
      t.clock.advance(2 * MINUTE);
      expect((await act(t, otc.otcOrderPaid, u.token, { id: late.id })).body).toEqual({
        type: 'error',
        message: en('otc_order_expired'),
      });
      await t.app.ctx.scheduler.runDue();
      await t.app.ctx.scheduler.runDue();
      const expired = await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: late.id }, { token: u.token }));
      expect(expired).toMatchObject({ status: 'cancelled', cancel_cause: 'timeout' });
      expect(await legal(t, m.user.id)).toMatchObject({ held: '0' });
      expect((await ok<otc.Ad>(call(t, otc.otcAd, { id: ad.id }))).remaining).toBe('1000');
      await invariantsHold(t);
    });

    it('appeals: either side, staff refund or release; above the set value two staff members must agree', async () => {
      const t = app();
      const { admin, m } = await world(t);
      const ad = await publish(t, m.token);
      const u = await taker(t, 1);
      const merchantStart = await legal(t, m.user.id);
      // Buyer appeals, staff refund: the seller gets the coins back.
      const a = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '20' }));
      expect((await act(t, otc.otcOrderAppeal, u.token, { id: a.id, text: 'x' })).body.type).toBe('error');
      await ok(act(t, otc.otcOrderPaid, u.token, { id: a.id }));
      const image = await uploadImage(t, u.token);
      const frozen = await ok<otc.OtcOrder>(
        act(t, otc.otcOrderAppeal, u.token, { id: a.id, text: 'I paid, no release', images: image }),
      );
      expect(frozen.status).toBe('appeal');
      await ok(call(t, otc.otcMessageSend, { id: a.id, text: 'Payment sent at 10:02' }, { token: u.token }));
      const queue = await ok<{ data: (otc.OtcOrder & { messages: otc.OtcMessage[] })[] }>(
        call(t, otc.adminOtcAppeals, {}, { token: admin.token }),
      );
      const seen = queue.data.find((o) => o.id === a.id)!;
      expect(seen.messages.map((x) => x.text)).toEqual(['Payment sent at 10:02']);
      expect(seen.appeal).toMatchObject({ by: u.user.id, text: 'I paid, no release' });
      const refunded = await ok<otc.OtcOrder>(
        call(
          t,
          otc.adminOtcDecide,
          { id: a.id, decision: 'refund', reason: 'No payment arrived' },
          { token: admin.token },
        ),
      );
      expect(refunded).toMatchObject({ status: 'cancelled', cancel_cause: 'refund' });
      expect(await legal(t, m.user.id)).toEqual(merchantStart);

      // Seller appeals on a larger order; the threshold is lowered so two staff must agree.
      await ok(
        call(
          t,
          otc.adminOtcSettingsSave,
          { level2_limit: '1000000', second_review_above: '50' },
          { token: admin.token },
        ),
      );
      const second = await staff(t);
      const b = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '100' }));
      await ok(act(t, otc.otcOrderPaid, u.token, { id: b.id }));
      await ok(act(t, otc.otcOrderAppeal, m.token, { id: b.id, text: 'Buyer paid the wrong amount' }));
      const decide = (token: string) =>
        call(
          t,
          otc.adminOtcDecide,
          { id: b.id, decision: 'release', reason: 'Bank statement shows it' },
          { token, lang: 'en' },
        );
      const waiting = await ok<otc.OtcOrder>(decide(admin.token));
      expect(waiting).toMatchObject({ status: 'appeal', appeal: { pending: 'release' } });
      expect((await decide(admin.token)).body).toEqual({ type: 'error', message: en('otc_second_reviewer') });
      const released = await ok<otc.OtcOrder>(decide(second.token));
      expect(released).toMatchObject({ status: 'completed', appeal: { decision: 'release' } });
      await ok(
        call(
          t,
          otc.adminOtcSettingsSave,
          { level2_limit: '1000000', second_review_above: '10000' },
          { token: admin.token },
        ),
      );
      await invariantsHold(t);
    });

    it('a level-1 order above the single-trade limit is refused with the limit; level 0 cannot trade', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token, { total: '9000', max_qty: '5000' });
      const u = await taker(t, 1);
      expect((await open(t, u.token, { ad_id: ad.id, quantity: '2001' })).body).toEqual({
        type: 'error',
        message: en('otc_trade_limit', { value: '2001', limit: '2000' }),
      });
      expect((await open(t, u.token, { ad_id: ad.id, quantity: '2000' })).body.type).toBe('ok');
      const none = await taker(t, 0);
      expect((await open(t, none.token, { ad_id: ad.id, quantity: '10' })).body).toEqual({
        type: 'error',
        message: en('otc_level_required'),
      });
      const terms = await ok<otc.OtcTerms>(call(t, otc.otcTerms, {}));
      expect(terms.trade_limits).toEqual(['0', '2000', '1000000']);
    });

    it('bad input and own ads are refused; a retried open opens one order', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token);
      const u = await taker(t, 1);
      for (const body of [
        { ad_id: ad.id, quantity: 'abc' },
        { ad_id: ad.id, quantity: '10', method: 'paypal' },
        { ad_id: 0, quantity: '10' },
        { ad_id: ad.id, quantity: '5' },
        { ad_id: ad.id, quantity: '501' },
        { ad_id: 999_999, quantity: '10' },
      ]) {
        expect((await open(t, u.token, body)).body.type, JSON.stringify(body)).toBe('error');
      }
      expect((await open(t, m.token, { ad_id: ad.id, quantity: '10' })).body).toEqual({
        type: 'error',
        message: en('otc_own_ad'),
      });
      for (const bad of [
        { margin: '0.5', price_type: 'margin' },
        { min_qty: '600' },
        { methods: 'cash' },
        { window_minutes: 7 },
      ]) {
        expect((await call(t, otc.otcAdSave, { ...AD, ...bad }, { token: m.token })).body.type).toBe('error');
      }
      const key = randomUUID();
      const first = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '10' }, key));
      const again = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '10' }, key));
      expect(again.id).toBe(first.id);
      expect(await legal(t, m.user.id)).toMatchObject({ held: '10' });
    });

    it('50 concurrent orders on an ad with room for 10 take exactly 10', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token, { total: '100', min_qty: '10', max_qty: '10' });
      const takers = [];
      for (let i = 0; i < 50; i++) takers.push(await taker(t, 1));
      const replies = await Promise.all(takers.map((u) => open(t, u.token, { ad_id: ad.id, quantity: '10' })));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(10);
      expect((await ok<otc.Ad>(call(t, otc.otcAd, { id: ad.id }))).remaining).toBe('0');
      expect(await legal(t, m.user.id)).toMatchObject({ held: '100' });
      await invariantsHold(t);
    }, 240_000);

    it('the same order released and refunded at once applies one', async () => {
      const t = app();
      const { admin, m } = await world(t);
      const ad = await publish(t, m.token);
      for (let round = 0; round < 3; round++) {
        const u = await taker(t, 1);
        const o = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '30' }));
        await ok(act(t, otc.otcOrderPaid, u.token, { id: o.id }));
        await ok(act(t, otc.otcOrderAppeal, u.token, { id: o.id, text: 'Please check' }));
        const [release, refund] = await Promise.all([
          act(t, otc.otcOrderRelease, m.token, { id: o.id }),
          call(t, otc.adminOtcDecide, { id: o.id, decision: 'refund', reason: 'Race' }, { token: admin.token }),
        ]);
        expect([release.body.type, refund.body.type].filter((x) => x === 'ok')).toHaveLength(1);
        const end = await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: o.id }, { token: u.token }));
        const buyer = await legal(t, u.user.id);
        if (end.status === 'completed') expect(release.body.type).toBe('ok');
        else expect(end.cancel_cause).toBe('refund');
        expect(buyer.held).toBe('0');
      }
      await invariantsHold(t);
    });

    it('chat is between the two sides only', async () => {
      const t = app();
      const { m } = await world(t);
      const ad = await publish(t, m.token);
      const u = await taker(t, 1);
      const o = await ok<otc.OtcOrder>(open(t, u.token, { ad_id: ad.id, quantity: '10' }));
      await ok(call(t, otc.otcMessageSend, { id: o.id, text: 'Hello' }, { token: u.token }));
      await ok(call(t, otc.otcMessageSend, { id: o.id, text: 'Hi, card details above' }, { token: m.token }));
      const stranger = await taker(t, 1);
      expect((await call(t, otc.otcMessageSend, { id: o.id, text: 'x' }, { token: stranger.token })).body.type).toBe(
        'error',
      );
      expect((await call(t, otc.otcMessages, { id: o.id }, { token: stranger.token })).body.type).toBe('error');
      const list = await ok<otc.OtcMessage[]>(call(t, otc.otcMessages, { id: o.id }, { token: m.token }));
      expect(list.map((x) => [x.sender_id, x.text])).toEqual([
        [u.user.id, 'Hello'],
        [m.user.id, 'Hi, card details above'],
      ]);
      expect((await call(t, otc.otcMessageSend, { id: o.id, text: '' }, { token: u.token })).body.type).toBe('error');
    });
  },
  walletAppOptions,
);
