import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { balanceOf, checkInvariants } from '../../ledger/index';
import { describeEachDatabase } from '../../testing/suite';
import { clearBook, oco, stop, tape } from '../../testing/conditional';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from '../../testing/trading';
import { Trading } from '../core';

type Row = Record<string, unknown>;
const ETH_USDT = 2;

describeEachDatabase('OCO orders in the trading core', ({ app }) => {
  const core = () => app().app.ctx.trading as Trading;
  const db = () => app().app.ctx.db;
  const one = async (table: 'spot_conditional_orders' | 'spot_orders' | 'spot_trades', id: number): Promise<Row> =>
    ((await db().execute(sql`SELECT * FROM ${sql.identifier(table)} WHERE id = ${id}`)) as unknown as { rows: Row[] })
      .rows[0]!;
  const ordersOnHold = async (holdId: unknown) =>
    (
      (await db().execute(
        sql`SELECT id FROM spot_orders WHERE hold_id = ${Number(holdId)} ORDER BY id`,
      )) as unknown as {
        rows: Row[];
      }
    ).rows.map((r) => Number(r.id));
  const healthy = async (trading: Trading = core()) => {
    expect(await tradingProblems(db(), trading)).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  };
  /** A market whose last trade is at 97000 and whose book is empty. */
  const fresh = async () => {
    await clearBook(core());
    const t = await tape(db(), core);
    await t.at(9_700_000);
    return t;
  };

  it('holds a sell once, rests its limit leg, and a fill of that leg ends the stop in the same batch', async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [BTC]: '0.001' });
    const waiting = core().waitingConditionals;
    const placed = await core().placeConditional(
      oco(user, 'sell', { limit: 9_800_000, trigger: 9_600_000, target: 9_590_000, qty: 1000 }),
    );
    expect(placed).toMatchObject({ kind: 'oco', status: 'waiting', limitPrice: '98000', price: '95900' });
    expect(placed).toMatchObject({ triggerPrice: '96000', above: false, orderId: null });
    const legId = placed.limitOrderId!;
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0', held: '0.001' });
    expect(core().restingOrders(BTC_USDT)).toContainEqual(expect.objectContaining({ orderId: legId, qty: 1000 }));
    expect(await one('spot_orders', legId)).toMatchObject({ status: 'open', type: 'limit', side: 'sell' });
    expect(core().waitingConditionals).toBe(waiting + 1);
    await healthy();

    // A buyer takes 400 of the 1000 lots at 98000: the OCO became its limit order.
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_800_000, 400));
    const fill = core().recentTrades(BTC_USDT, 1)[0]!;
    expect(fill.makerOrderId).toBe(legId);
    const row = await one('spot_conditional_orders', placed.id);
    expect(row).toMatchObject({ status: 'triggered' });
    expect([Number(row.order_id), Number(row.trigger_trade_id)]).toEqual([legId, fill.id]);
    expect(core().waitingConditionals).toBe(waiting);
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0', held: '0.0006' });
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '39.2', held: '0' });

    // The price then falls through the trigger: the stop is gone, only the limit order holds.
    await t.at(9_500_000);
    expect((await one('spot_conditional_orders', placed.id)).status).toBe('triggered');
    expect(await ordersOnHold(row.hold_id)).toEqual([legId]);
    await healthy();
  });

  it("holds a buy's costlier leg; its trigger cancels the limit leg and the stop's order takes the hold", async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [USDT]: '100' });
    const placed = await core().placeConditional(
      oco(user, 'buy', { limit: 9_600_000, trigger: 9_800_000, target: 9_850_000, qty: 1000 }),
    );
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '1.5', held: '98.5' });
    // Liquidity above the trigger for the stop's order to take.
    await core().place(limit(t.seller, BTC_USDT, 'sell', 9_820_000, 1000));
    const firing = await t.at(9_800_000);
    const row = await one('spot_conditional_orders', placed.id);
    expect(row).toMatchObject({ status: 'triggered' });
    const trade = core()
      .recentTrades(BTC_USDT, 5)
      .find((x) => x.takerOrderId === firing.id)!;
    expect(Number(row.trigger_trade_id)).toBe(trade.id);
    const stopOrder = Number(row.order_id);
    expect(stopOrder).not.toBe(placed.limitOrderId);
    const leg = await one('spot_orders', placed.limitOrderId!);
    expect(leg).toMatchObject({ status: 'cancelled', cancel_reason: 'oco' });
    expect(Number(leg.filled_qty)).toBe(0);
    const order = await one('spot_orders', stopOrder);
    expect(order).toMatchObject({ status: 'filled', type: 'limit', side: 'buy' });
    // In sequence: the trigger trade, the limit leg's cancel, then the stop's order.
    const seq = async (id: number) => Number((await one('spot_trades', id)).seq);
    expect(await seq(trade.id)).toBeLessThan(Number(leg.seq));
    expect(Number(leg.seq)).toBeLessThan(Number(order.seq));
    expect(await ordersOnHold(row.hold_id)).toEqual([placed.limitOrderId, stopOrder]);
    // Filled at the resting 98200 within its 98500 limit; the rest of the hold is released.
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0.001', held: '0' });
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '1.8', held: '0' });
    await healthy();
  });

  it("releases a buy's surplus hold when its limit leg fills in part, and keeps what the rest needs", async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [USDT]: '100' });
    const placed = await core().placeConditional(
      oco(user, 'buy', { limit: 9_600_000, trigger: 9_800_000, target: 9_900_000, qty: 1000 }),
    );
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '1', held: '99' });
    await core().place(limit(t.seller, BTC_USDT, 'sell', 9_600_000, 400));
    expect(await one('spot_conditional_orders', placed.id)).toMatchObject({ status: 'triggered' });
    // 400 lots bought at 96000 (38.4); 600 lots left at 96000 keep 57.6 held.
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '4', held: '57.6' });
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0.0004', held: '0' });
    await t.at(9_900_000);
    const row = await one('spot_conditional_orders', placed.id);
    expect(await ordersOnHold(row.hold_id)).toEqual([placed.limitOrderId]);
    await healthy();
  });

  it("keeps the limit leg's fill when one order both reaches the trigger and fills the limit leg", async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [BTC]: '0.001' });
    const placed = await core().placeConditional(
      oco(user, 'sell', { limit: 9_800_000, trigger: 9_600_000, target: 9_590_000, qty: 1000 }),
    );
    // An ask below the trigger, then one buy that takes it and the limit leg in one match.
    await core().place(limit(t.seller, BTC_USDT, 'sell', 9_550_000, 100));
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_800_000, 1100));
    const [legFill, low] = core().recentTrades(BTC_USDT, 2);
    expect([low!.price, legFill!.price]).toEqual(['95500', '98000']);
    const row = await one('spot_conditional_orders', placed.id);
    expect(row).toMatchObject({ status: 'triggered' });
    expect([Number(row.order_id), Number(row.trigger_trade_id)]).toEqual([placed.limitOrderId, legFill!.id]);
    expect(await ordersOnHold(row.hold_id)).toEqual([placed.limitOrderId]);
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '98', held: '0' });
    await healthy();
  });

  it('takes the limit leg off the book at its trigger, before a stop fired earlier in that match enters', async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [BTC]: '0.001' });
    const other = await tradingUser(db(), { [USDT]: '100' });
    const placed = await core().placeConditional(
      oco(user, 'sell', { limit: 9_800_000, trigger: 9_600_000, target: 9_590_000, qty: 1000 }),
    );
    // A buy stop whose order would take the OCO's limit leg at 98000.
    const buyStop = await core().placeConditional(
      stop(other, { triggerPrice: 9_750_000, price: 9_800_000, qty: 1000 }),
    );
    // One sell meets a bid at 97600 (firing the buy stop), then one at 95950 (firing the OCO).
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_760_000, 1));
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_595_000, 1));
    await core().place(limit(t.seller, BTC_USDT, 'sell', 9_595_000, 2));
    const row = await one('spot_conditional_orders', placed.id);
    expect(row.status).toBe('triggered');
    expect(Number(row.order_id)).not.toBe(placed.limitOrderId);
    expect(Number((await one('spot_orders', placed.limitOrderId!)).filled_qty)).toBe(0);
    // The buy stop's order then bought from the OCO's stop order instead, at its own 98000.
    const bought = Number((await one('spot_conditional_orders', buyStop.id)).order_id);
    const fill = core()
      .recentTrades(BTC_USDT, 1)
      .find((x) => x.makerOrderId === bought && x.takerOrderId === Number(row.order_id));
    expect(fill?.price).toBe('98000');
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '98', held: '0' });
    await healthy();
  });

  it('refuses prices on the wrong side of the last trade, and cancels through either leg', async () => {
    await fresh();
    const user = await tradingUser(db(), { [BTC]: '0.001' });
    const other = await tradingUser(db(), { [BTC]: '0.001' });
    const sell = { limit: 9_800_000, trigger: 9_600_000, target: 9_590_000, qty: 1000 };
    const reached = (field: string) => ({ key: `${field}_reached`, field, values: { last: '97000' } });
    await expect(core().placeConditional(oco(user, 'sell', { ...sell, limit: 9_700_000 }))).rejects.toMatchObject(
      reached('limit_price'),
    );
    await expect(
      core().placeConditional(oco(user, 'buy', { limit: 9_750_000, trigger: 9_800_000, target: 9_800_000, qty: 1 })),
    ).rejects.toMatchObject(reached('limit_price'));
    await expect(core().placeConditional(oco(user, 'sell', { ...sell, trigger: 9_700_000 }))).rejects.toMatchObject(
      reached('trigger_price'),
    );
    await expect(core().placeConditional(oco(user, 'sell', { ...sell, qty: 1001 }))).rejects.toMatchObject({
      key: 'insufficient_balance',
      values: { available: '0.001' },
    });
    await expect(
      core().placeConditional({ ...oco(user, 'sell', { ...sell, qty: 1 }), pairId: ETH_USDT }),
    ).rejects.toMatchObject({ key: 'price_stale' });
    await expect(
      core().placeConditional(stop(user, { triggerPrice: 9_800_000, price: 9_800_000, qty: 1, limitPrice: 1 })),
    ).rejects.toMatchObject({ key: 'field_invalid', field: 'limit_price' });

    const a = await core().placeConditional(oco(user, 'sell', sell));
    await expect(core().cancelConditional(other, a.id)).rejects.toMatchObject({ key: 'order_not_found' });
    await expect(core().cancel(other, a.limitOrderId!)).rejects.toMatchObject({ key: 'order_not_found' });
    expect(await core().cancelConditional(user, a.id)).toMatchObject({ status: 'cancelled' });
    expect(await one('spot_orders', a.limitOrderId!)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0.001', held: '0' });
    await expect(core().cancelConditional(user, a.id)).rejects.toMatchObject({ key: 'order_not_found' });
    await expect(core().cancel(user, a.limitOrderId!)).rejects.toMatchObject({ key: 'order_not_found' });

    const b = await core().placeConditional(oco(user, 'sell', sell));
    expect(await core().cancel(user, b.limitOrderId!)).toMatchObject({ status: 'cancelled' });
    expect(await one('spot_conditional_orders', b.id)).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0.001', held: '0' });
    await expect(core().cancelConditional(user, b.id)).rejects.toMatchObject({ key: 'order_not_found' });
    await healthy();
  });

  it('gives a cancel and a trigger in one batch to whichever came first, never both', async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [BTC]: '0.004' });
    const sell = { limit: 9_800_000, trigger: 9_600_000, target: 9_590_000, qty: 1000 };
    for (const cancelFirst of [true, false]) {
      for (const viaLeg of [true, false]) {
        await t.at(9_700_000);
        const placed = await core().placeConditional(oco(user, 'sell', sell));
        const cancel = () =>
          (viaLeg ? core().cancel(user, placed.limitOrderId!) : core().cancelConditional(user, placed.id)).then(
            () => 'cancelled',
            (err: { key: string }) => err.key,
          );
        // The trigger: a sell at 95900 meets a bid there, in the same batch as the cancel.
        await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_590_000, 1));
        const trigger = () => core().place(limit(t.seller, BTC_USDT, 'sell', 9_590_000, 1));
        const answer = cancelFirst
          ? (await Promise.all([cancel(), trigger()]))[0]
          : (await Promise.all([trigger(), cancel()]))[1];
        const row = await one('spot_conditional_orders', placed.id);
        if (cancelFirst) {
          expect([answer, row.status]).toEqual(['cancelled', 'cancelled']);
        } else {
          expect([answer, row.status]).toEqual(['order_not_found', 'triggered']);
          expect(Number(row.order_id)).not.toBe(placed.limitOrderId);
        }
        await clearBook(core());
        await healthy();
      }
    }
  });

  it('keeps waiting OCOs linked to their limit legs across a restart, and ends each once', async () => {
    const t = await fresh();
    const user = await tradingUser(db(), { [BTC]: '0.002' });
    const a = await core().placeConditional(
      oco(user, 'sell', { limit: 9_800_000, trigger: 9_600_000, target: 9_590_000, qty: 1000 }),
    );
    const b = await core().placeConditional(
      oco(user, 'sell', { limit: 9_850_000, trigger: 9_550_000, target: 9_540_000, qty: 1000 }),
    );
    await core().stop();
    const restarted = new Trading({ db: db(), now: () => new Date(), log: (err) => expect.fail(String(err)) });
    await restarted.start();
    try {
      expect(restarted.waitingConditionals).toBe(2);
      await healthy(restarted);
      // A's limit leg trades in part: its stop ends and its hold keeps only the rest.
      await restarted.place(limit(t.buyer, BTC_USDT, 'buy', 9_800_000, 500));
      expect(Number((await one('spot_conditional_orders', a.id)).order_id)).toBe(a.limitOrderId);
      // A trade at 95500 fires B: its limit leg leaves the book, its stop sells at 95400 (resting).
      await restarted.place(limit(t.seller, BTC_USDT, 'sell', 9_550_000, 1));
      await restarted.place(limit(t.buyer, BTC_USDT, 'buy', 9_550_000, 1));
      const rowB = await one('spot_conditional_orders', b.id);
      expect(rowB.status).toBe('triggered');
      expect(await one('spot_orders', Number(rowB.order_id))).toMatchObject({ status: 'open', side: 'sell' });
      expect(await one('spot_orders', b.limitOrderId!)).toMatchObject({ status: 'cancelled' });
      expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0', held: '0.0015' });
      expect(restarted.waitingConditionals).toBe(0);
      await healthy(restarted);
    } finally {
      await restarted.stop();
    }
  });
});
