import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as conditional from '@contract/conditional';
import type { Endpoint } from '@contract/define';
import * as trade from '@contract/trade';
import { balanceOf, checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { describeEachDatabase, describeOnOneDatabase } from '../../testing/suite';
import type { TestApp } from '../../testing/app';
import { callWithKey, okOf } from '../../testing/wallet';
import { fundChange } from '../../testing/trade';
import { tradingProblems } from '../../testing/trading';
import type { Trading } from '../../trading/core';

const BTC = { currency_id: 1, legal_id: 3 };
/** A sell OCO at a last price of 100000: take profit at 101000, stop at 99000 selling down to 98900. */
const sellOco = {
  kind: 'oco',
  side: 'sell',
  amount: '0.001',
  limit_price: '101000',
  trigger_price: '99000',
  target_price: '98900',
};
const error = (message: unknown) => ({ type: 'error', message });

/** The calls an OCO test makes, as a signed-in user with a fresh Idempotency-Key each unless given. */
function api(app: () => TestApp) {
  const withKey = (endpoint: Endpoint, body: Record<string, unknown>, token: string, key?: string) =>
    callWithKey(app(), endpoint, { lang: 'en', ...body }, { token, key: key ?? randomUUID() });
  const order = (token: string, side: string, price: string, amount = '0.0001') =>
    withKey(trade.placeOrder, { ...BTC, side, type: 'limit', amount, target_price: price }, token);
  return {
    place: (token: string, body: Record<string, unknown>, key?: string) =>
      withKey(conditional.placeConditional, { ...BTC, ...body }, token, key),
    cancel: (token: string, id: number) => withKey(conditional.cancelConditional, { id }, token),
    cancelOrder: (token: string, id: number) => withKey(trade.cancelOrder, { id }, token),
    order,
    list: async (token: string) =>
      okOf(conditional.conditionalList, (await app().call(conditional.conditionalList, {}, { token })).body).data,
    /** Two users who make the last price by trading with each other. */
    market: async () => {
      const [a, b] = [await registerUser(app()), await registerUser(app())];
      await fundChange(app(), a.token);
      await fundChange(app(), b.token);
      return {
        a,
        b,
        at: async (price: string) => {
          await order(a.token, 'sell', price);
          expect(okOf(trade.placeOrder, (await order(b.token, 'buy', price)).body).status).toBe('filled');
        },
      };
    },
  };
}

describeOnOneDatabase('OCO orders API: validation', ({ app }) => {
  const { place, market } = api(app);

  it('refuses an OCO with a missing, misplaced or unaffordable price, naming the field', async () => {
    const { token } = await registerUser(app());
    await (await market()).at('100000');
    const refused = async (body: Record<string, unknown>) => (await place(token, { ...sellOco, ...body })).body;
    expect(await refused({ limit_price: undefined })).toEqual(error('Limit price is required'));
    expect(await refused({ target_price: undefined })).toEqual(error('Price is required'));
    expect(await refused({ trigger_price: undefined })).toEqual(error('Trigger price is required'));
    expect(await refused({ kind: 'stop_limit' })).toEqual(error('Limit price is invalid'));
    expect(await refused({ limit_price: '101000.001' })).toEqual(
      error('Limit price must be a multiple of the price step 0.01'),
    );
    expect(await refused({ amount: '200' })).toEqual(error('The order value is above the maximum of 10000000 USDT'));
    const limitReached = error(
      'The limit price has already been reached by the last trade (100000); set it above the last price to sell, below it to buy',
    );
    expect(await refused({ limit_price: '100000' })).toEqual(limitReached);
    expect(
      await refused({ side: 'buy', limit_price: '100500', trigger_price: '101000', target_price: '101100' }),
    ).toEqual(limitReached);
    expect(await refused({ trigger_price: '100000' })).toEqual(
      error('The trigger price has already been reached by the last trade (100000); choose a price beyond it'),
    );
    expect(await refused({})).toEqual(error('Insufficient balance: 0 BTC available in your exchange account'));
  });
});

describeEachDatabase('OCO orders API', ({ app }) => {
  const { place, cancel, cancelOrder, order, list, market } = api(app);
  const db = () => app().app.ctx.db;
  const healthy = async () => {
    expect(await tradingProblems(db(), app().app.ctx.trading as Trading)).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  };

  it("places both legs at once, hides them from another user, and ends with either leg's cancel", async () => {
    const alice = await registerUser(app());
    const bob = await registerUser(app());
    await fundChange(app(), alice.token, '1', '0.002');
    await (await market()).at('100000');
    const key = randomUUID();
    const [first, retry] = await Promise.all([place(alice.token, sellOco, key), place(alice.token, sellOco, key)]);
    const placed = okOf(conditional.placeConditional, first.body);
    expect(okOf(conditional.placeConditional, retry.body).id).toBe(placed.id);
    expect(placed).toMatchObject({ kind: 'oco', status: 'waiting', direction: 'down', amount: '0.001' });
    expect(placed).toMatchObject({ limit_price: '101000', trigger_price: '99000', price: '98900', order_id: null });
    const legId = placed.limit_order_id!;
    expect(await balanceOf(db(), alice.user.id, 1, 'change')).toEqual({ available: '0.001', held: '0.001' });
    const orders = await app().call(trade.orderList, { state: 'in_progress' }, { token: alice.token });
    expect(okOf(trade.orderList, orders.body).data).toEqual([
      expect.objectContaining({ id: legId, type: 'limit', side: 'sell', price: '101000' }),
    ]);

    expect(await list(bob.token)).toEqual([]);
    const missing = error('The order does not exist');
    expect((await cancel(bob.token, placed.id)).body).toEqual(missing);
    expect((await cancelOrder(bob.token, legId)).body).toEqual(missing);
    expect((await app().call(trade.orderDetail, { lang: 'en', id: legId }, { token: bob.token })).body).toEqual(
      missing,
    );

    expect(okOf(trade.cancelOrder, (await cancelOrder(alice.token, legId)).body).status).toBe('cancelled');
    expect((await list(alice.token))[0]).toMatchObject({ id: placed.id, status: 'cancelled', limit_order_id: legId });
    expect((await cancel(alice.token, placed.id)).body).toEqual(missing);
    const second = okOf(conditional.placeConditional, (await place(alice.token, sellOco)).body);
    expect(okOf(conditional.cancelConditional, (await cancel(alice.token, second.id)).body).status).toBe('cancelled');
    const leg = await app().call(trade.orderDetail, { id: second.limit_order_id! }, { token: alice.token });
    expect(okOf(trade.orderDetail, leg.body)).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
    expect(await balanceOf(db(), alice.user.id, 1, 'change')).toEqual({ available: '0.002', held: '0' });
    await healthy();
  });

  it('ends the stop when the limit leg trades, and a cancel racing a trigger leaves one outcome', async () => {
    const alice = await registerUser(app());
    await fundChange(app(), alice.token, '1', '0.01');
    const { a, b, at } = await market();
    await at('100000');
    // A price of its own, so no other test's leftover ask at 101000 comes first.
    const won = okOf(
      conditional.placeConditional,
      (await place(alice.token, { ...sellOco, limit_price: '101200' })).body,
    );
    await order(b.token, 'buy', '101200', '0.0004');
    const ended = (await list(alice.token)).find((c) => c.id === won.id)!;
    expect(ended).toMatchObject({ status: 'triggered', order_id: won.limit_order_id });
    await cancelOrder(alice.token, won.limit_order_id!);

    for (let round = 0; round < 3; round++) {
      await at('100000');
      const racing = okOf(conditional.placeConditional, (await place(alice.token, sellOco)).body);
      // A bid at 98950 for the trigger's sell to meet, sent with the cancel.
      await order(b.token, 'buy', '98950');
      const [cancelled] = await Promise.all([cancel(alice.token, racing.id), order(a.token, 'sell', '98950')]);
      const after = (await list(alice.token)).find((c) => c.id === racing.id)!;
      if (cancelled.body.type === 'ok') {
        expect(after).toMatchObject({ status: 'cancelled', order_id: null });
      } else {
        expect(cancelled.body).toEqual(error('The order does not exist'));
        expect(after.status).toBe('triggered');
        expect(after.order_id).not.toBe(racing.limit_order_id);
        // The stop's sell at 98900 rests: nothing below 98950 bids. Cancelled to free the next round.
        expect(okOf(trade.cancelOrder, (await cancelOrder(alice.token, after.order_id!)).body).status).toBe(
          'cancelled',
        );
      }
      const leg = await app().call(trade.orderDetail, { id: racing.limit_order_id! }, { token: alice.token });
      // The leg says why it ended: the user's cancel, or the stop that fired first.
      expect(okOf(trade.orderDetail, leg.body)).toMatchObject({
        status: 'cancelled',
        filled: '0',
        cancel_reason: cancelled.body.type === 'ok' ? 'user' : 'oco',
      });
      await healthy();
    }
    expect(await balanceOf(db(), alice.user.id, 1, 'change')).toEqual({ available: '0.0096', held: '0' });
  });
});
