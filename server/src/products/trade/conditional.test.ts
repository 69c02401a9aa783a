import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as conditional from '@contract/conditional';
import * as trade from '@contract/trade';
import { checkInvariants } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { fundChange } from '../../testing/trade';
import { tradingProblems } from '../../testing/trading';
import type { Trading } from '../../trading/core';

const BTC = { currency_id: 1, legal_id: 3 };

describeEachDatabase('stop orders API', ({ app }) => {
  const place = (token: string, body: Record<string, unknown>, key = randomUUID()) =>
    callWithKey(app(), conditional.placeConditional, { lang: 'en', ...BTC, ...body }, { token, key });
  const cancel = (token: string, id: number, key = randomUUID()) =>
    callWithKey(app(), conditional.cancelConditional, { lang: 'en', id }, { token, key });
  const order = (token: string, side: string, price: string, amount = '0.0001') =>
    callWithKey(
      app(),
      trade.placeOrder,
      { lang: 'en', ...BTC, side, type: 'limit', amount, target_price: price },
      { token, key: randomUUID() },
    );
  const error = (message: unknown) => ({ type: 'error', message });
  const stopLimit = {
    kind: 'stop_limit',
    side: 'buy',
    amount: '0.001',
    trigger_price: '101000',
    target_price: '101500',
  };

  /** Two users who make the last price by trading with each other. */
  const market = async () => {
    const a = await registerUser(app());
    const b = await registerUser(app());
    await fundChange(app(), a.token);
    await fundChange(app(), b.token);
    return async (price: string) => {
      await order(a.token, 'sell', price);
      const res = await order(b.token, 'buy', price);
      expect(okOf(trade.placeOrder, res.body).status).toBe('filled');
    };
  };

  it('refuses bad stop orders with a message naming the field', async () => {
    const { token } = await registerUser(app());
    const tradeAt = await market();
    await tradeAt('100000');
    expect((await place(token, { ...stopLimit, trigger_price: undefined })).body).toEqual(
      error('Trigger price is required'),
    );
    expect((await place(token, { ...stopLimit, target_price: '101500.001' })).body).toEqual(
      error('Price must be a multiple of the price step 0.01'),
    );
    expect((await place(token, { ...stopLimit, kind: 'trailing_stop' })).body).toEqual(
      error('Trailing percentage is required'),
    );
    expect((await place(token, { ...stopLimit, kind: 'trailing_stop', trail_percent: '60' })).body).toEqual(
      error('Trailing percentage is invalid'),
    );
    expect((await place(token, { ...stopLimit, kind: 'limit' })).body).toEqual(error('Type is invalid'));
    expect((await place(token, { ...stopLimit, trigger_price: '99000' })).body).toEqual(
      error('The trigger price has already been reached by the last trade (100000); choose a price beyond it'),
    );
    expect((await place(token, stopLimit)).body).toEqual(
      error('Insufficient balance: 0 USDT available in your exchange account'),
    );
  });

  it('holds, lists, fires on a trade, hides from others and cancels once under a burst of retries', async () => {
    const alice = await registerUser(app());
    const bob = await registerUser(app());
    await fundChange(app(), alice.token);
    const tradeAt = await market();
    await tradeAt('100000');
    const placed = okOf(conditional.placeConditional, (await place(alice.token, stopLimit)).body);
    expect(placed).toMatchObject({ status: 'waiting', direction: 'up', trigger_price: '101000', price: '101500' });
    const second = okOf(
      conditional.placeConditional,
      (await place(alice.token, { kind: 'stop_market', side: 'sell', amount: '0.01', trigger_price: '99000' })).body,
    );
    const list = await app().call(conditional.conditionalList, { status: 'waiting' }, { token: alice.token });
    expect(okOf(conditional.conditionalList, list.body).data.map((c) => c.id)).toEqual([second.id, placed.id]);
    const theirs = await app().call(conditional.conditionalList, {}, { token: bob.token });
    expect(okOf(conditional.conditionalList, theirs.body).data).toEqual([]);
    expect((await cancel(bob.token, second.id)).body).toEqual(error('The order does not exist'));

    // Ten concurrent retries of one cancel: one cancellation, the same answer to each.
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(alice.token, second.id, key)));
    for (const a of answers) expect(okOf(conditional.cancelConditional, a.body)).toMatchObject({ status: 'cancelled' });

    await tradeAt('101000');
    const after = await app().call(conditional.conditionalList, {}, { token: alice.token });
    const fired = okOf(conditional.conditionalList, after.body).data.find((c) => c.id === placed.id)!;
    expect(fired).toMatchObject({ status: 'triggered' });
    expect(fired.order_id).not.toBeNull();
    expect(fired.trigger_trade_id).not.toBeNull();
    const core = app().app.ctx.trading as Trading;
    expect(await tradingProblems(app().app.ctx.db, core)).toEqual([]);
    expect((await checkInvariants(app().app.ctx.db)).problems).toEqual([]);
  });
});
