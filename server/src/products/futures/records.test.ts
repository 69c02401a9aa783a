import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as lever from '@contract/futures';
import * as record from '@contract/record';
import { settlementRef } from '@contract/record';
import { futuresCloseOutcome } from '@contract/domain/settlement-outcomes';
import { balanceOf, checkInvariants } from '../../ledger/index';
import { partyHash } from '../../settlement-record/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { deposit } from '../../testing/ledger';
import { recordsNamed, refuseRecords, settlementOf, verifiedChain } from '../../testing/records';
import { describeEachDatabase } from '../../testing/suite';
import { pushFeed, tick } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';

let feed = pushFeed();
const BTC = { currency_id: 1, legal_id: 3 };
const USDT = 3;
/** 1 BTC (1,000 lots of 0.001) with 50x. */
const ONE_BTC = { ...BTC, share: 1000, multiple: 50, status: 1 };

describeEachDatabase(
  'futures closes in the settlement record',
  ({ app, database }) => {
    const call = (t: TestApp, endpoint: { path: string }, token: string, body: Record<string, unknown>) =>
      callWithKey(t, endpoint as never, { lang: 'en', ...body }, { token, key: randomUUID() });
    const price = async (t: TestApp, p: string) => {
      // Each tick a second later: a tick is listed by its feed time.
      t.clock.set(new Date(t.clock.now().getTime() + 1000));
      await tick(t, feed, 'BTC/USDT', p);
      await t.app.products.futures.idle();
    };
    const user = async (t: TestApp, usdt: string) => {
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, USDT, usdt, 'lever');
      return { token: u.token, id: u.user.id };
    };
    const open = async (t: TestApp, token: string, body: Record<string, unknown>) =>
      okOf(lever.leverSubmit, (await call(t, lever.leverSubmit, token, { ...ONE_BTC, ...body })).body);
    const available = async (t: TestApp, id: number) =>
      Number((await balanceOf(t.app.ctx.db, id, USDT, 'lever')).available);

    /** The one record of a position's close, recomputed from its fields, with its tick listed. */
    const closeOf = async (t: TestApp, id: number) => {
      expect(await recordsNamed(t.app.ctx.db, settlementRef.futures(id))).toHaveLength(1);
      const { bodies } = await settlementOf(t, settlementRef.futures(id));
      const body = bodies[0]!;
      const d = body.data as Record<string, string | number | null>;
      const ticks = okOf(
        record.recordTicks,
        (await t.call(record.recordTicks, { pair: body.pair, from: d.tick_at, to: d.tick_at })).body,
      );
      expect(ticks.data.map((x) => [Number(x.price), x.source])).toEqual([[Number(d.tick_price), d.tick_source]]);
      return { body, d };
    };

    it('records an own close and each of a batch close once, recomputed to the position and the ledger', async () => {
      const t = app();
      const u = await user(t, '3000');
      await price(t, '20000');
      const one = await open(t, u.token, { type: 1 });
      const long = await open(t, u.token, { type: 1 });
      const short = await open(t, u.token, { type: 2 });
      await price(t, '20100');
      const before = await available(t, u.id);
      const closed = okOf(lever.leverClose, (await call(t, lever.leverClose, u.token, { id: one.id })).body);
      const own = await closeOf(t, one.id);
      expect(own.body).toMatchObject({ kind: 'futures_close', pair: 'BTC/USDT' });
      expect(own.d).toMatchObject({
        position_id: one.id,
        owner: partyHash(u.id, one.id),
        reason: 'user',
        side: 'long',
        copy_of: null,
        tick_at: t.clock.now().getTime(),
      });
      // Profit 100, fee 20,100 x 0.0005 = 10.05: 400 + 100 - 10.05 back.
      expect(futuresCloseOutcome(own.body)).toEqual({
        close_price: '20100',
        pnl: '100',
        close_fee: '10.05',
        returned: '489.95',
      });
      expect(Number(closed.profits)).toBe(100);
      expect((await available(t, u.id)) - before).toBeCloseTo(489.95, 8);

      await price(t, '19900');
      const mid = await available(t, u.id);
      const batch = okOf(lever.leverBatchClose, (await call(t, lever.leverBatchClose, u.token, { type: 0 })).body);
      expect(batch.closed.map((p) => p.id).sort()).toEqual([long.id, short.id].sort());
      let back = 0;
      for (const p of [long, short]) {
        const { body, d } = await closeOf(t, p.id);
        expect(d).toMatchObject({ reason: 'batch', side: p.id === long.id ? 'long' : 'short' });
        back += Number(futuresCloseOutcome(body).returned);
      }
      // Long -100, short +100, fee 9.95 each.
      expect(back).toBeCloseTo(400 - 100 - 9.95 + 400 + 100 - 9.95, 8);
      expect((await available(t, u.id)) - mid).toBeCloseTo(back, 8);
      await verifiedChain(t);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('records a take-profit close as a trigger whose outcome is recomputed', async () => {
      const t = app();
      const u = await user(t, '1000');
      await price(t, '20000');
      const p = await open(t, u.token, { type: 1, target_profit_price: '20500' });
      await price(t, '20600');
      const { body, d } = await closeOf(t, p.id);
      expect(body.kind).toBe('futures_trigger');
      expect(d).toMatchObject({ trigger: 'take_profit', tick_price: '20600' });
      expect(futuresCloseOutcome(body)).toMatchObject({ pnl: '600', close_fee: '10.3', returned: '989.7' });
    });

    it('a burst of closes of one position closes and records it once; a refused record closes nothing', async () => {
      const t = app();
      const u = await user(t, '1000');
      const other = await user(t, '1000');
      await price(t, '20000');
      const p = await open(t, u.token, { type: 1 });
      await price(t, '20050');
      // Another user's id is not theirs to close.
      expect((await call(t, lever.leverClose, other.token, { id: p.id })).body.type).toBe('error');
      const restore = await refuseRecords(t.app.ctx.db, 'futures_close');
      try {
        expect((await call(t, lever.leverClose, u.token, { id: p.id })).body.type).toBe('error');
      } finally {
        await restore();
      }
      const still = okOf(
        lever.leverMyTrade,
        (await t.call(lever.leverMyTrade, { status: 1 }, { token: u.token })).body,
      );
      expect(still.data.find((x) => x.id === p.id)).toMatchObject({ status: 'open' });
      expect(await recordsNamed(t.app.ctx.db, settlementRef.futures(p.id))).toEqual([]);

      const burst = await Promise.all(
        Array.from({ length: 6 }, () => call(t, lever.leverClose, u.token, { id: p.id })),
      );
      expect(burst.filter((r) => r.body.type === 'ok')).toHaveLength(1);
      await closeOf(t, p.id);
      await verifiedChain(t);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
