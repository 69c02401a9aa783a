import { describe, expect, it } from 'vitest';
import { OrderBook, type Command, type EngineEvent, type OwnerId, type Side } from './index';

let nextId = 1;
const limit = (owner: OwnerId, side: Side, price: number, qty: number, extra: Partial<Command> = {}): Command =>
  ({ type: 'limit', orderId: nextId++, owner, side, price, qty, ...extra }) as Command;

/** Events without their sequence numbers, for readable expectations. */
const bare = (events: EngineEvent[]) => events.map(({ seq: _seq, ...rest }) => rest);
const trades = (events: EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'trade' ? [[e.makerOrderId, e.price, e.qty]] : []));

describe('OrderBook', () => {
  it('rests a limit order that does not cross, numbering events from the given seq', () => {
    const book = new OrderBook({ seq: 41 });
    const events = book.apply({ type: 'limit', orderId: 7, owner: 1, side: 'buy', price: 100, qty: 5 });
    expect(events).toEqual([
      { type: 'accepted', seq: 42, orderId: 7, owner: 1, side: 'buy', price: 100, qty: 5, budget: null },
    ]);
    expect(book.seq).toBe(42);
    expect(book.get(7)).toEqual({ orderId: 7, owner: 1, side: 'buy', price: 100, qty: 5 });
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBeNull();
    expect(book.size).toBe(1);
  });

  it('estimates a market fill exactly as the fill then happens, without changing the book', () => {
    const fillOf = (events: EngineEvent[]) =>
      events.reduce(
        (sum, e) => (e.type === 'trade' ? { lots: sum.lots + e.qty, value: sum.value + e.qty * e.price } : sum),
        { lots: 0, value: 0 },
      );
    for (const size of [{ qty: 6 }, { qty: 50 }, { budget: 700 }, { budget: 5_000 }] as const) {
      const book = new OrderBook();
      for (const cmd of [limit(1, 'sell', 100, 3), limit(9, 'sell', 101, 2), limit(2, 'sell', 102, 4)]) {
        book.apply(cmd);
      }
      const before = book.depth(5);
      const estimate = book.sweep(9, 'buy', size);
      // The taker's own order at 101 is skipped, as the match cancels it instead of trading.
      expect(book.depth(5)).toEqual(before);
      const events = book.apply({ type: 'market', orderId: nextId++, owner: 9, side: 'buy', ...size });
      expect(fillOf(events)).toEqual(estimate);
    }
    const book = new OrderBook();
    book.apply(limit(1, 'buy', 99, 3));
    book.apply(limit(2, 'buy', 97, 3));
    expect(book.sweep(5, 'sell', { qty: 4 })).toEqual({ lots: 4, value: 3 * 99 + 97 });
    expect(new OrderBook().sweep(5, 'sell', { qty: 4 })).toEqual({ lots: 0, value: 0 });
  });

  it('fills best price first, then the oldest order within a price, at the resting price', () => {
    const book = new OrderBook();
    const a = limit(1, 'sell', 101, 2);
    const b = limit(2, 'sell', 100, 3);
    const c = limit(3, 'sell', 100, 4);
    for (const cmd of [a, b, c]) book.apply(cmd);
    const taker = limit(9, 'buy', 102, 8);
    const events = book.apply(taker);
    expect(trades(events)).toEqual([
      [b.orderId, 100, 3],
      [c.orderId, 100, 4],
      [a.orderId, 101, 1],
    ]);
    expect(events.filter((e) => e.type === 'done').map((e) => e.orderId)).toEqual([
      b.orderId,
      c.orderId,
      taker.orderId,
    ]);
    expect(book.get(a.orderId)?.qty).toBe(1);
    expect(book.depth(5)).toEqual({ bids: [], asks: [[101, 1]] });
  });

  it('rests the remainder of a partly filled limit order', () => {
    const book = new OrderBook();
    const maker = limit(1, 'buy', 100, 3);
    book.apply(maker);
    const taker = limit(2, 'sell', 99, 5);
    const events = book.apply(taker);
    expect(bare(events)).toEqual([
      { type: 'accepted', orderId: taker.orderId, owner: 2, side: 'sell', price: 99, qty: 5, budget: null },
      {
        type: 'trade',
        takerOrderId: taker.orderId,
        makerOrderId: maker.orderId,
        takerOwner: 2,
        makerOwner: 1,
        takerSide: 'sell',
        price: 100,
        qty: 3,
      },
      { type: 'done', orderId: maker.orderId, owner: 1 },
    ]);
    expect(book.get(taker.orderId)).toMatchObject({ side: 'sell', price: 99, qty: 2 });
    expect(book.bestAsk()).toBe(99);
    expect(book.bestBid()).toBeNull();
  });

  it('cancels the unfilled part of an ioc order instead of resting it', () => {
    const book = new OrderBook();
    book.apply(limit(1, 'sell', 100, 2));
    const taker = limit(2, 'buy', 100, 5, { ioc: true });
    const events = book.apply(taker);
    expect(events.at(-1)).toMatchObject({ type: 'cancelled', orderId: taker.orderId, remainingQty: 3, reason: 'ioc' });
    expect(book.get(taker.orderId)).toBeUndefined();
    expect(book.size).toBe(0);
  });

  it('cancels a post-only order that would take, without trading, and rests one that would not', () => {
    const book = new OrderBook();
    const maker = limit(1, 'sell', 100, 2);
    book.apply(maker);
    const taking = limit(2, 'buy', 100, 1, { postOnly: true });
    expect(bare(book.apply(taking))).toEqual([
      { type: 'accepted', orderId: taking.orderId, owner: 2, side: 'buy', price: 100, qty: 1, budget: null },
      { type: 'cancelled', orderId: taking.orderId, owner: 2, remainingQty: 1, reason: 'post_only' },
    ]);
    expect(book.get(maker.orderId)?.qty).toBe(2);
    const passive = limit(2, 'buy', 99, 1, { postOnly: true });
    expect(book.apply(passive).map((e) => e.type)).toEqual(['accepted']);
    expect(book.bestBid()).toBe(99);
  });

  it('fills a market order by lots and cancels what the book cannot fill', () => {
    const book = new OrderBook();
    book.apply(limit(1, 'buy', 100, 2));
    book.apply(limit(1, 'buy', 98, 2));
    const events = book.apply({ type: 'market', orderId: 500, owner: 2, side: 'sell', qty: 6 });
    expect(events[0]).toMatchObject({ type: 'accepted', price: null, qty: 6, budget: null });
    expect(trades(events).map(([, price, qty]) => [price, qty])).toEqual([
      [100, 2],
      [98, 2],
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'cancelled',
      orderId: 500,
      remainingQty: 2,
      reason: 'market_remainder',
    });
    const full = new OrderBook();
    full.apply(limit(1, 'sell', 100, 5));
    expect(full.apply({ type: 'market', orderId: 501, owner: 2, side: 'buy', qty: 5 }).at(-1)).toMatchObject({
      type: 'done',
      orderId: 501,
    });
  });

  it('buys with a budget: floor(budget left / price) lots at each level, the rest returned', () => {
    const book = new OrderBook();
    book.apply(limit(1, 'sell', 100, 3));
    book.apply(limit(1, 'sell', 150, 10));
    // 3 x 100 = 300 spent at 100, then floor(450 / 150) = 3 lots at 150; 0 left: done.
    const exact = book.apply({ type: 'market', orderId: 600, owner: 2, side: 'buy', budget: 750 });
    expect(exact[0]).toMatchObject({ type: 'accepted', price: null, qty: null, budget: 750 });
    expect(trades(exact).map(([, price, qty]) => [price, qty])).toEqual([
      [100, 3],
      [150, 3],
    ]);
    expect(exact.at(-1)).toMatchObject({ type: 'done', orderId: 600 });
    // floor(400 / 150) = 2 lots; 100 cannot buy another lot.
    const partial = book.apply({ type: 'market', orderId: 601, owner: 2, side: 'buy', budget: 400 });
    expect(trades(partial).map(([, price, qty]) => [price, qty])).toEqual([[150, 2]]);
    expect(partial.at(-1)).toMatchObject({
      type: 'cancelled',
      orderId: 601,
      remainingQty: 0,
      remainingBudget: 100,
      reason: 'market_remainder',
    });
    expect(book.depth(3).asks).toEqual([[150, 5]]);
  });

  it("cancels the taker owner's own resting orders instead of trading with them", () => {
    const book = new OrderBook();
    const own = limit('maker', 'sell', 100, 2);
    const other = limit(5, 'sell', 100, 2);
    const ownLater = limit('maker', 'sell', 101, 1);
    for (const cmd of [own, other, ownLater]) book.apply(cmd);
    const taker = limit('maker', 'buy', 101, 3);
    const events = book.apply(taker);
    expect(events.slice(1).map((e) => [e.type, 'orderId' in e ? e.orderId : e.makerOrderId])).toEqual([
      ['cancelled', own.orderId],
      ['trade', other.orderId],
      ['done', other.orderId],
      ['cancelled', ownLater.orderId],
    ]);
    expect(events[1]).toMatchObject({ reason: 'self_trade', remainingQty: 2, owner: 'maker' });
    expect(book.bestBid()).toBe(101);
    expect(book.get(taker.orderId)?.qty).toBe(1);
  });

  it('cancels a resting order once; an unknown or finished order is rejected', () => {
    const book = new OrderBook();
    const order = limit(1, 'buy', 100, 4);
    book.apply(order);
    expect(bare(book.apply({ type: 'cancel', orderId: order.orderId }))).toEqual([
      { type: 'cancelled', orderId: order.orderId, owner: 1, remainingQty: 4, reason: 'user' },
    ]);
    expect(book.size).toBe(0);
    expect(book.bestBid()).toBeNull();
    expect(bare(book.apply({ type: 'cancel', orderId: order.orderId }))).toEqual([
      { type: 'rejected', orderId: order.orderId, reason: 'unknown_order' },
    ]);
    const filled = limit(1, 'sell', 100, 1);
    book.apply(filled);
    book.apply(limit(2, 'buy', 100, 1));
    expect(book.apply({ type: 'cancel', orderId: filled.orderId })[0]).toMatchObject({ reason: 'unknown_order' });
  });

  it('keeps the queue intact when an order in the middle of a level is cancelled', () => {
    const book = new OrderBook();
    const first = limit(1, 'sell', 100, 1);
    const middle = limit(2, 'sell', 100, 1);
    const last = limit(3, 'sell', 100, 1);
    for (const cmd of [first, middle, last]) book.apply(cmd);
    book.apply({ type: 'cancel', orderId: middle.orderId });
    expect(book.resting().map((o) => o.orderId)).toEqual([first.orderId, last.orderId]);
    expect(book.depth(1).asks).toEqual([[100, 2]]);
    expect(trades(book.apply(limit(4, 'buy', 100, 2))).map(([id]) => id)).toEqual([first.orderId, last.orderId]);
  });

  it('rejects a live duplicate order id without changing the book', () => {
    const book = new OrderBook();
    book.apply({ type: 'limit', orderId: 3, owner: 1, side: 'buy', price: 100, qty: 1 });
    const events = book.apply({ type: 'limit', orderId: 3, owner: 2, side: 'sell', price: 90, qty: 1 });
    expect(bare(events)).toEqual([{ type: 'rejected', orderId: 3, reason: 'duplicate_order' }]);
    expect(book.apply({ type: 'market', orderId: 3, owner: 2, side: 'sell', qty: 1 })[0]).toMatchObject({
      reason: 'duplicate_order',
    });
    expect(book.get(3)?.qty).toBe(1);
  });

  it.each<[string, Command]>([
    ['fractional price', { type: 'limit', orderId: 1, owner: 1, side: 'buy', price: 100.5, qty: 1 }],
    ['zero qty', { type: 'limit', orderId: 1, owner: 1, side: 'buy', price: 100, qty: 0 }],
    ['negative price', { type: 'limit', orderId: 1, owner: 1, side: 'sell', price: -1, qty: 1 }],
    ['NaN qty', { type: 'limit', orderId: 1, owner: 1, side: 'sell', price: 1, qty: Number.NaN }],
    ['unsafe qty', { type: 'limit', orderId: 1, owner: 1, side: 'sell', price: 1, qty: 2 ** 53 }],
    ['zero order id', { type: 'limit', orderId: 0, owner: 1, side: 'sell', price: 1, qty: 1 }],
    ['fractional cancel id', { type: 'cancel', orderId: 1.5 }],
    ['market without qty or budget', { type: 'market', orderId: 1, owner: 1, side: 'buy' }],
    ['market with qty and budget', { type: 'market', orderId: 1, owner: 1, side: 'buy', qty: 1, budget: 100 }],
    ['budget sell', { type: 'market', orderId: 1, owner: 1, side: 'sell', budget: 100 }],
    ['fractional budget', { type: 'market', orderId: 1, owner: 1, side: 'buy', budget: 10.5 }],
    ['unknown side', { type: 'limit', orderId: 1, owner: 1, side: 'hold' as Side, price: 1, qty: 1 }],
  ])('rejects %s as invalid', (_name, cmd) => {
    const book = new OrderBook();
    book.apply({ type: 'limit', orderId: 99, owner: 2, side: 'sell', price: 100, qty: 1 });
    expect(bare(book.apply(cmd))).toEqual([{ type: 'rejected', orderId: cmd.orderId, reason: 'invalid' }]);
    expect(book.resting()).toEqual([{ orderId: 99, owner: 2, side: 'sell', price: 100, qty: 1 }]);
  });

  it('restores resting orders in the given time order without matching or events', () => {
    const book = new OrderBook({ seq: 10 });
    book.restore([
      { orderId: 1, owner: 1, side: 'buy', price: 99, qty: 2 },
      { orderId: 2, owner: 2, side: 'buy', price: 99, qty: 3 },
      { orderId: 3, owner: 3, side: 'sell', price: 101, qty: 4 },
    ]);
    expect(book.seq).toBe(10);
    expect(book.size).toBe(3);
    expect(book.depth(2)).toEqual({ bids: [[99, 5]], asks: [[101, 4]] });
    const events = book.apply({ type: 'market', orderId: 4, owner: 9, side: 'sell', qty: 3 });
    expect(trades(events)).toEqual([
      [1, 99, 2],
      [2, 99, 1],
    ]);
    expect(events[0]!.seq).toBe(11);
  });

  it('refuses to restore a crossed book, a duplicate or a malformed order, leaving the book as it was', () => {
    const book = new OrderBook();
    book.restore([{ orderId: 1, owner: 1, side: 'sell', price: 100, qty: 1 }]);
    expect(() => book.restore([{ orderId: 2, owner: 1, side: 'buy', price: 100, qty: 1 }])).toThrow(/crossed/);
    expect(() =>
      book.restore([
        { orderId: 2, owner: 1, side: 'buy', price: 90, qty: 1 },
        { orderId: 1, owner: 1, side: 'buy', price: 90, qty: 1 },
      ]),
    ).toThrow(/twice/);
    expect(() => book.restore([{ orderId: 3, owner: 1, side: 'buy', price: 90, qty: 0 }])).toThrow(/malformed/);
    expect(book.resting()).toEqual([{ orderId: 1, owner: 1, side: 'sell', price: 100, qty: 1 }]);
  });

  it('sums depth per level, best first, up to the asked number of levels', () => {
    const book = new OrderBook();
    book.restore([
      { orderId: 1, owner: 1, side: 'buy', price: 97, qty: 1 },
      { orderId: 2, owner: 1, side: 'buy', price: 99, qty: 2 },
      { orderId: 3, owner: 1, side: 'buy', price: 99, qty: 3 },
      { orderId: 4, owner: 1, side: 'buy', price: 98, qty: 4 },
      { orderId: 5, owner: 1, side: 'sell', price: 103, qty: 1 },
      { orderId: 6, owner: 1, side: 'sell', price: 101, qty: 6 },
    ]);
    expect(book.depth(2)).toEqual({
      bids: [
        [99, 5],
        [98, 4],
      ],
      asks: [
        [101, 6],
        [103, 1],
      ],
    });
    expect(book.depth(0)).toEqual({ bids: [], asks: [] });
    expect(book.resting().map((o) => o.orderId)).toEqual([2, 3, 4, 1, 6, 5]);
  });

  it('finds the next best price after the best level empties', () => {
    const book = new OrderBook();
    book.apply({ type: 'limit', orderId: 1, owner: 1, side: 'sell', price: 100, qty: 1 });
    book.apply({ type: 'limit', orderId: 2, owner: 1, side: 'sell', price: 105, qty: 1 });
    book.apply({ type: 'limit', orderId: 3, owner: 1, side: 'sell', price: 103, qty: 1 });
    book.apply({ type: 'cancel', orderId: 1 });
    expect(book.bestAsk()).toBe(103);
    book.apply({ type: 'cancel', orderId: 3 });
    expect(book.bestAsk()).toBe(105);
    book.apply({ type: 'cancel', orderId: 2 });
    expect(book.bestAsk()).toBeNull();
  });
});
