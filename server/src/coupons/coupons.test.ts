import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as coupon from '@contract/coupon';
import { chargeReq } from '@contract/fund';
import * as lever from '@contract/futures';
import { auditLog, ledgerTransactions, userCoupons } from '../db/schema/index';
import { balanceOf, checkInvariants } from '../ledger/index';
import { deposit as credit } from '../testing/ledger';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { DAY, HOUR } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { adminUser, call as fundCall, deposit as recharge, ok, uploadImage } from '../testing/fund';
import { pushFeed, tick } from '../testing/trade';
import { callWithKey, okOf } from '../testing/wallet';

const USDT = 3;
const BTC = { currency_id: 1, legal_id: 3 };
/** 1 BTC at 20,000 with 50x: notional 20,000, fee 10 (0.05 %), margin 400. */
const ONE_BTC = { ...BTC, share: 1000, multiple: 50, status: 1, type: 1 };
const error = (message: unknown) => ({ type: 'error', message });

let feed = pushFeed();

describeEachDatabase(
  'coupons',
  ({ app, database }) => {
    const as = (token: string) => ({ token, lang: 'en' });
    const save = (t: TestApp, token: string, body: Record<string, unknown>) =>
      t.call(coupon.adminCouponSave, body, as(token));
    const feeCoupon = (t: TestApp, over: Record<string, unknown> = {}) => ({
      kind: 'futures_fee',
      currency_id: USDT,
      rate: '0.5',
      cap: '3',
      min_amount: '1000',
      total: 100,
      per_user: 2,
      expires_at: t.clock.now().getTime() + 7 * DAY,
      ...over,
    });
    const bonusCoupon = (t: TestApp, over: Record<string, unknown> = {}) => ({
      kind: 'recharge_bonus',
      currency_id: USDT,
      bonus: '10',
      min_amount: '100',
      total: 100,
      per_user: 1,
      expires_at: t.clock.now().getTime() + 7 * DAY,
      ...over,
    });
    const create = async (t: TestApp, token: string, body: Record<string, unknown>) =>
      okOf(coupon.adminCouponSave, (await save(t, token, body)).body);
    const claim = (t: TestApp, token: string, id: number) => t.call(coupon.couponClaim, { id }, as(token));
    const mine = async (t: TestApp, token: string, status: string) =>
      okOf(coupon.couponMine, (await t.call(coupon.couponMine, { status, limit: 100 }, as(token))).body);
    const open = (t: TestApp, token: string, body: Record<string, unknown>, key = randomUUID()) =>
      callWithKey(t, lever.leverSubmit, { lang: 'en', ...ONE_BTC, ...body }, { token, key });
    const price = async (t: TestApp, p: string) => {
      await tick(t, feed, 'BTC/USDT', p);
      await t.app.products.futures.idle();
    };
    const leverUser = async (t: TestApp) => {
      const u = await registerUser(t);
      await credit(t.app.ctx.db, u.user.id, USDT, '1000', 'lever');
      return u;
    };
    const lev = async (t: TestApp, id: number) => (await balanceOf(t.app.ctx.db, id, USDT, 'lever')).available;
    const kindCount = async (userId: number, kind: 'coupon_discount' | 'coupon_bonus') =>
      (
        await database()
          .db.select()
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.kind, kind)))
      ).length;

    it('lets an admin issue coupons with an audit row, and refuses bad terms', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, feeCoupon(t));
      expect(c).toMatchObject({
        kind: 'futures_fee',
        rate: '0.5',
        cap: '3',
        bonus: '0',
        remaining: 100,
        enabled: true,
      });
      const [row] = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'coupon'), eq(auditLog.entityId, c.id)));
      expect(row).toMatchObject({ action: 'coupon.create', entity: 'coupon', before: null });
      const edited = await create(t, a.token, { ...feeCoupon(t), id: c.id, cap: '5' });
      expect(edited.cap).toBe('5');
      const [mineAudit] = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'coupon.update'), eq(auditLog.entityId, c.id)));
      expect(mineAudit!.before).toMatchObject({ cap: '3.000000000000000000' });
      expect(mineAudit!.after).toMatchObject({ cap: '5.000000000000000000' });

      expect((await save(t, a.token, feeCoupon(t, { rate: '1.5' }))).body).toEqual(error('rate is invalid'));
      expect((await save(t, a.token, feeCoupon(t, { cap: undefined }))).body).toEqual(error('cap is required'));
      expect((await save(t, a.token, bonusCoupon(t, { bonus: undefined }))).body).toEqual(error('bonus is required'));
      expect((await save(t, a.token, feeCoupon(t, { kind: 'cashback' }))).body).toEqual(error('Type is invalid'));
      expect((await save(t, a.token, feeCoupon(t, { currency_id: 1 }))).body).toEqual(
        error('Coupons of this kind cannot be in this currency'),
      );
      expect((await save(t, a.token, feeCoupon(t, { per_user: 101 }))).body).toEqual(error('per_user is invalid'));
      expect((await save(t, a.token, { ...feeCoupon(t), id: 999_999 })).body).toEqual(
        error('The coupon does not exist'),
      );
      // A user is not staff; the console endpoints refuse.
      const u = await registerUser(t);
      expect((await save(t, u.token, feeCoupon(t))).status).toBe(403);
    });

    it('claims within the per-user limit, lists available, and refuses bad ids', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, feeCoupon(t));
      const u = await registerUser(t);
      const center = okOf(coupon.couponCenter, (await t.call(coupon.couponCenter, {}, as(u.token))).body);
      expect(center.find((o) => o.id === c.id)).toMatchObject({ claimed: 0, can_claim: true, remaining: 100 });
      const first = okOf(coupon.couponClaim, (await claim(t, u.token, c.id)).body);
      expect(first).toMatchObject({ coupon_id: c.id, status: 'available', rate: '0.5', used_for: null });
      await claim(t, u.token, c.id);
      expect((await claim(t, u.token, c.id)).body).toEqual(
        error('You have already claimed this coupon 2 times, the most allowed'),
      );
      expect((await mine(t, u.token, 'available')).total).toBe(2);
      expect((await claim(t, u.token, 999_999)).body).toEqual(error('The coupon does not exist'));
      expect((await t.call(coupon.couponClaim, { id: 'x' }, as(u.token))).body).toEqual(error('ID is invalid'));
      expect((await t.call(coupon.couponMine, { status: 'lost' }, as(u.token))).body).toEqual(
        error('Status is invalid'),
      );
      // A disabled coupon is no longer on offer.
      await create(t, a.token, { ...feeCoupon(t), id: c.id, enabled: false });
      const other = await registerUser(t);
      expect((await claim(t, other.token, c.id)).body).toEqual(error('The coupon does not exist'));
    });

    it('never exceeds the stock or the per-user limit in a burst of claims', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, feeCoupon(t, { total: 7, per_user: 2 }));
      const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(t)));
      const replies = await Promise.all(users.flatMap((u) => Array.from({ length: 4 }, () => claim(t, u.token, c.id))));
      expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(7);
      const rows = await database().db.select().from(userCoupons).where(eq(userCoupons.couponId, c.id));
      expect(rows).toHaveLength(7);
      const perUser = new Map<number, number>();
      for (const r of rows) perUser.set(r.userId, (perUser.get(r.userId) ?? 0) + 1);
      expect(Math.max(...perUser.values())).toBeLessThanOrEqual(2);
      const listed = okOf(coupon.adminCouponList, (await t.call(coupon.adminCouponList, {}, as(a.token))).body);
      expect(listed.data.find((x) => x.id === c.id)).toMatchObject({ claimed_total: 7, remaining: 0 });
      const late = await registerUser(t);
      expect((await claim(t, late.token, c.id)).body).toEqual(error('This coupon has all been claimed'));
    });

    it('expires: no claim after the expiry, and a claimed coupon moves to the expired list unused', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, feeCoupon(t, { expires_at: t.clock.now().getTime() + HOUR }));
      const u = await leverUser(t);
      await claim(t, u.token, c.id);
      t.clock.advance(2 * HOUR);
      expect((await mine(t, u.token, 'available')).total).toBe(0);
      const expired = await mine(t, u.token, 'expired');
      expect(expired.data).toHaveLength(1);
      expect(expired.data[0]).toMatchObject({ status: 'expired' });
      const other = await registerUser(t);
      expect((await claim(t, other.token, c.id)).body).toEqual(error('This coupon has expired'));
      // An expired coupon is not used on an open, and naming it is refused.
      await price(t, '20000');
      expect((await open(t, u.token, { coupon_id: expired.data[0]!.id })).body).toEqual(
        error('This coupon has expired'),
      );
      okOf(lever.leverSubmit, (await open(t, u.token, {})).body);
      expect(await kindCount(u.user.id, 'coupon_discount')).toBe(0);
    });

    it('applies the best fee discount on a market open once, and refuses another user’s coupon', async () => {
      const t = app();
      const a = await adminUser(t);
      const small = await create(t, a.token, feeCoupon(t, { rate: '0.2', cap: '100' }));
      const big = await create(t, a.token, feeCoupon(t, { rate: '0.5', cap: '3' }));
      const u = await leverUser(t);
      const mineSmall = okOf(coupon.couponClaim, (await claim(t, u.token, small.id)).body);
      const mineBig = okOf(coupon.couponClaim, (await claim(t, u.token, big.id)).body);
      await credit(t.app.ctx.db, u.user.id, USDT, '5000', 'lever');
      await price(t, '20000');
      // Fee 10: 50 % capped at 3 saves 3, 20 % saves 2: the 3 is used.
      const key = randomUUID();
      const p = okOf(lever.leverSubmit, (await open(t, u.token, {}, key)).body);
      expect(await lev(t, u.user.id)).toBe(String(6000 - 400 - 10 + 3));
      // The same request again (a retry) replays: nothing more is used or paid.
      expect((await open(t, u.token, {}, key)).body).toMatchObject({ type: 'ok', message: { id: p.id } });
      expect(await kindCount(u.user.id, 'coupon_discount')).toBe(1);
      const used = await mine(t, u.token, 'used');
      expect(used.data).toEqual([
        expect.objectContaining({ id: mineBig.id, used_for: { type: 'position', id: p.id }, saved: '3' }),
      ]);
      // coupon_id 0: none used.
      okOf(lever.leverSubmit, (await open(t, u.token, { coupon_id: 0 })).body);
      expect(await kindCount(u.user.id, 'coupon_discount')).toBe(1);
      // Another user's coupon id reads as missing; a used one cannot be used again.
      const other = await leverUser(t);
      expect((await open(t, other.token, { coupon_id: mineSmall.id })).body).toEqual(
        error('The coupon does not exist'),
      );
      expect((await open(t, u.token, { coupon_id: mineBig.id })).body).toEqual(
        error('This coupon cannot be used here'),
      );
      // Below the minimum position value: not applicable; a limit open takes no coupon.
      expect((await open(t, u.token, { coupon_id: mineSmall.id, share: 10 })).body).toEqual(
        error('This coupon cannot be used here'),
      );
      expect((await open(t, u.token, { coupon_id: mineSmall.id, status: 0, target_price: '19000' })).body).toEqual(
        error('This coupon cannot be used here'),
      );
      expect((await open(t, u.token, { coupon_id: 'x' })).body).toEqual(error('coupon_id is invalid'));
      // The refused opens changed nothing; the named coupon is used on a fitting open.
      okOf(lever.leverSubmit, (await open(t, u.token, { coupon_id: mineSmall.id })).body);
      expect(await kindCount(u.user.id, 'coupon_discount')).toBe(2);
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('uses one claimed coupon for one of many concurrent opens', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, feeCoupon(t));
      const u = await leverUser(t);
      await credit(t.app.ctx.db, u.user.id, USDT, '5000', 'lever');
      await claim(t, u.token, c.id);
      await price(t, '20000');
      const replies = await Promise.all(Array.from({ length: 8 }, () => open(t, u.token, {})));
      expect(replies.every((r) => r.body.type === 'ok')).toBe(true);
      expect(await kindCount(u.user.id, 'coupon_discount')).toBe(1);
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('pays a recharge bonus once on approval, even when the approval is retried', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, bonusCoupon(t));
      const u = await registerUser(t);
      await claim(t, u.token, c.id);
      const before = (await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).available;
      // Below the minimum: no bonus, the coupon stays available.
      await recharge(t, a.token, u.token, 'USDT', '50');
      expect(await kindCount(u.user.id, 'coupon_bonus')).toBe(0);
      const id = await recharge(t, a.token, u.token, 'USDT', '100');
      const retried = await fundCall(
        t,
        admin.reviewRecharge,
        { id, action: 'approve' },
        { token: a.token, lang: 'en' },
      );
      expect(retried.body.type).toBe('error');
      expect(await kindCount(u.user.id, 'coupon_bonus')).toBe(1);
      const after = (await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).available;
      expect(Number(after) - Number(before)).toBe(50 + 100 + 10);
      const used = await mine(t, u.token, 'used');
      expect(used.data[0]).toMatchObject({ used_for: { type: 'recharge', id }, saved: '10' });
      // Another recharge finds no coupon left.
      await recharge(t, a.token, u.token, 'USDT', '200');
      expect(await kindCount(u.user.id, 'coupon_bonus')).toBe(1);
      // Concurrent approvals of one recharge: one decision, one bonus.
      const again = await create(t, a.token, bonusCoupon(t));
      await claim(t, u.token, again.id);
      const voucher = await uploadImage(t, u.token);
      const form = { currency: 'USDT', amount: '300', voucher, account: 'change' };
      const pending = await ok<{ id: number }>(fundCall(t, chargeReq, form, { token: u.token }));
      const decisions = await Promise.all(
        Array.from({ length: 4 }, () =>
          fundCall(t, admin.reviewRecharge, { id: pending.id, action: 'approve' }, { token: a.token }),
        ),
      );
      expect(decisions.filter((d) => d.body.type === 'ok')).toHaveLength(1);
      expect(await kindCount(u.user.id, 'coupon_bonus')).toBe(2);
      expect((await checkInvariants(database().db)).problems).toEqual([]);
    });

    it('pays no bonus for a coupon that had expired when the recharge was submitted', async () => {
      const t = app();
      const a = await adminUser(t);
      const c = await create(t, a.token, bonusCoupon(t, { expires_at: t.clock.now().getTime() + 10 * 60_000 }));
      const u = await registerUser(t);
      await claim(t, u.token, c.id);
      t.clock.advance(HOUR);
      await recharge(t, a.token, u.token, 'USDT', '150');
      expect(await kindCount(u.user.id, 'coupon_bonus')).toBe(0);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
