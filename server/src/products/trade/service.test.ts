import { describe, expect, it } from 'vitest';
import type { PairQuote } from '@contract/market';
import { AppError } from '../../errors';
import { instrumentBySymbol, type Instrument } from '../../market/catalog';
import { orderRequest, withAvailable, type PlaceInput } from './service';
import { budgetUnits, stepsOf } from './units';

const btc = instrumentBySymbol.get('BTC/USDT') as Instrument;
const apple = instrumentBySymbol.get('AAPL/USD') as Instrument;
/** Tuesday 24 November 2026, 15:00 UTC: 10:00 in New York, the stock market is open. */
const OPEN_NOW = Date.parse('2026-11-24T15:00:00Z');
/** Sunday 22 November 2026. */
const SUNDAY = Date.parse('2026-11-22T15:00:00Z');

const quote = (price: string, stale = false) => ({ now_price: price, stale, ts: OPEN_NOW }) as PairQuote;
const input = (over: Partial<PlaceInput>): PlaceInput => ({
  currency_id: 1,
  legal_id: 3,
  side: 'buy',
  type: 'limit',
  amount: '0.01',
  target_price: '97000.5',
  time_in_force: 'gtc',
  post_only: '0',
  ...over,
});

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('order rules', () => {
  it('converts a limit order to whole ticks and lots', () => {
    expect(orderRequest(btc, input({}), quote('97000'), OPEN_NOW, 'en')).toEqual({
      pairId: 1,
      side: 'buy',
      type: 'limit',
      price: 9_700_050,
      qty: 10_000,
      budget: null,
      ioc: false,
      postOnly: false,
    });
  });

  it('refuses a price off the tick, naming the field and the tick', () => {
    const err = refusal(() => orderRequest(btc, input({ target_price: '97000.505' }), quote('97000'), OPEN_NOW, 'en'));
    expect(err).toMatchObject({ key: 'price_off_tick', field: 'target_price', values: { tick: '0.01' } });
  });

  it('refuses a quantity off the lot, below the minimum, and a value above the maximum', () => {
    const offLot = refusal(() => orderRequest(btc, input({ amount: '0.0000105' }), quote('97000'), OPEN_NOW, 'en'));
    expect(offLot).toMatchObject({ key: 'amount_off_lot', field: 'amount', values: { lot: '0.000001' } });
    const small = refusal(() => orderRequest(btc, input({ amount: '0.00001' }), quote('97000'), OPEN_NOW, 'en'));
    expect(small).toMatchObject({ key: 'amount_below_minimum', field: 'amount', values: { minimum: '0.000011' } });
    const big = refusal(() => orderRequest(btc, input({ amount: '200' }), quote('97000'), OPEN_NOW, 'en'));
    expect(big).toMatchObject({ key: 'amount_above_maximum', values: { maximum: '10000000', currency: 'USDT' } });
  });

  it('takes a market buy budget in the quote currency, rounded down to whole tick x lot units', () => {
    const order = orderRequest(btc, input({ type: 'market', amount: '100.123456789' }), quote('97000'), OPEN_NOW, 'en');
    // One unit is 0.01 x 0.000001 = 0.00000001 USDT.
    expect(order).toMatchObject({ price: null, qty: null, budget: 10_012_345_678 });
    const tooLittle = refusal(() =>
      orderRequest(btc, input({ type: 'market', amount: '0.5' }), quote('97000'), OPEN_NOW, 'en'),
    );
    expect(tooLittle).toMatchObject({ key: 'amount_below_minimum', values: { minimum: '1.067' } });
  });

  it('refuses market orders on a stale price but lets limit orders rest', () => {
    const err = refusal(() => orderRequest(btc, input({ type: 'market' }), quote('97000', true), OPEN_NOW, 'en'));
    expect(err.key).toBe('price_stale');
    expect(orderRequest(btc, input({}), quote('97000', true), OPEN_NOW, 'en').price).toBe(9_700_050);
  });

  it("refuses stock market orders while the market is closed, with the opening in the user's zone", () => {
    const stock = input({ currency_id: 101, legal_id: 50, type: 'market', side: 'sell', amount: '1' });
    const hk = refusal(() => orderRequest(apple, { ...stock, tz: 'Asia/Hong_Kong' }, quote('228'), SUNDAY, 'en'));
    expect(hk.key).toBe('market_closed');
    expect(String(hk.values.opens_at)).toMatch(/Mon.*(10:30 PM|22:30)/);
    const utc = refusal(() => orderRequest(apple, stock, quote('228'), SUNDAY, 'en'));
    expect(String(utc.values.opens_at)).toMatch(/02:30 PM|14:30/);
    expect(orderRequest(apple, { ...stock, type: 'limit', target_price: '228' }, quote('228'), SUNDAY, 'en').qty).toBe(
      10_000,
    );
    expect(orderRequest(apple, stock, quote('228'), OPEN_NOW, 'en').qty).toBe(10_000);
  });

  it('names the available amount and its currency when the balance is short', () => {
    const err = withAvailable(new AppError('insufficient_balance', { values: { available: '12.500000' } }), btc, 'buy');
    expect(err).toMatchObject({
      key: 'insufficient_balance_available',
      field: 'amount',
      values: { available: '12.5', currency: 'USDT' },
    });
    expect(
      withAvailable(new AppError('insufficient_balance', { values: { available: '0' } }), apple, 'sell'),
    ).toMatchObject({ values: { currency: 'AAPL' } });
  });

  it('counts steps exactly', () => {
    expect(stepsOf('0.3', '0.1')).toBe(3);
    expect(stepsOf('0.30000001', '0.1')).toBeNull();
    expect(budgetUnits('0.000000019', '0.01', '0.000001')).toBe(1);
  });
});
