import { expect, it } from 'vitest';
import * as market from '@contract/market';
import type { Favorite } from '@contract/market';
import { translate } from '../../i18n';
import { registerUser } from '../../testing/accounts';
import { describeOnOneDatabase } from '../../testing/suite';

describeOnOneDatabase('favorites', ({ app }) => {
  it('adds, lists and removes; replaying either changes nothing and never fails', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const add = () => t.call(market.optionalAdd, { currency_id: 2 }, { token });
    const first = (await add()).body;
    expect(first).toMatchObject({ type: 'ok', message: { currency_id: 2, quote: { symbol: 'ETH/USDT' } } });
    const again = (await add()).body;
    expect(again).toEqual(first);
    await t.call(market.optionalAdd, { currency_id: 101 }, { token });

    const list = (await t.call(market.optionalList, {}, { token })).body.message as Favorite[];
    expect(list.map((f) => f.currency_id)).toEqual([2, 101]);
    expect(list[1]!.quote?.symbol).toBe('AAPL/USD');

    expect((await t.call(market.optionalDel, { currency_id: 2 }, { token })).body).toEqual({
      type: 'ok',
      message: { removed: true },
    });
    expect((await t.call(market.optionalDel, { currency_id: 2 }, { token })).body).toEqual({
      type: 'ok',
      message: { removed: false },
    });
    const aapl = list[1]!.id;
    expect((await t.call(market.optionalDel, { id: aapl }, { token })).body.message).toEqual({ removed: true });
    expect((await t.call(market.optionalDel, { id: aapl }, { token })).body.message).toEqual({ removed: false });
    expect((await t.call(market.optionalList, {}, { token })).body.message).toEqual([]);
  });

  it("keeps each user's favorites apart, even by favorite id", async () => {
    const t = app();
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const added = (await t.call(market.optionalAdd, { currency_id: 1 }, { token: alice.token })).body
      .message as Favorite;
    expect((await t.call(market.optionalList, {}, { token: bob.token })).body.message).toEqual([]);
    const steal = await t.call(market.optionalDel, { id: added.id }, { token: bob.token });
    expect(steal.body.message).toEqual({ removed: false });
    const mine = (await t.call(market.optionalList, {}, { token: alice.token })).body.message as Favorite[];
    expect(mine.map((f) => f.id)).toEqual([added.id]);
  });

  it('needs a session and a listed currency with a pair', async () => {
    const t = app();
    expect((await t.call(market.optionalList)).body.type).toBe('999');
    expect((await t.call(market.optionalAdd, { currency_id: 1 })).body.type).toBe('999');
    const { token } = await registerUser(t);
    const en = { token, lang: 'en' };
    const invalid = { type: 'error', message: translate('en', 'field_invalid', { field: 'currency_id' }) };
    expect((await t.call(market.optionalAdd, { currency_id: 3 }, en)).body).toEqual(invalid);
    expect((await t.call(market.optionalAdd, { currency_id: 9999 }, en)).body).toEqual(invalid);
    expect((await t.call(market.optionalAdd, { currency_id: 'abc' }, en)).body.type).toBe('error');
    expect((await t.call(market.optionalAdd, {}, en)).body.type).toBe('error');
    expect((await t.call(market.optionalDel, {}, en)).body.type).toBe('error');
  });
});
