import { describe, expect, test } from 'vitest';
import type { Position } from '@contract/futures';
import { liveFigures, totalsAt } from './position';

const position = (patch: Partial<Position> = {}): Position => ({
  id: 1,
  symbol: 'BTC/USDT',
  currency_id: 1,
  legal_id: 3,
  type: 1,
  order_type: 1,
  status: 'open',
  price: '20000',
  target_price: null,
  update_price: '20000',
  share: 1000,
  number: '1',
  multiple: 50,
  caution_money: '400',
  trade_fee: '10',
  open_fee: '10',
  close_fee: '0',
  overnight_money: '0',
  target_profit_price: null,
  stop_loss_price: null,
  trail_percent: null,
  trail_distance: null,
  trail_best_price: null,
  trail_trigger_price: null,
  liquidation_price: '19700',
  maintenance_margin: '100',
  profits: '0',
  hazard_rate: '400',
  transaction_time: '2026-11-22T00:00:00.000Z',
  created_at: '2026-11-22T00:00:00.000Z',
  close_price: null,
  close_time: null,
  close_price_at: null,
  close_source: null,
  close_reason: null,
  closed_after_restart: false,
  returned: null,
  ...patch,
});

describe('live position figures', () => {
  test("the server's figures until a newer mark arrives", () => {
    expect(liveFigures(position(), undefined)).toMatchObject({ profit: '0', hazardRate: '400', mark: '20000' });
  });

  test('profit and risk rate at a new mark, as the server computes them', () => {
    // At 19,800: profit -200, equity 200 over maintenance 99 → 202.02 %.
    expect(liveFigures(position(), '19800')).toMatchObject({ profit: '-200', hazardRate: '202.02', mark: '19800' });
    const short = liveFigures(position({ type: 2, liquidation_price: '20300' }), '19800');
    expect(short.profit).toBe('200');
    expect(short.yield?.toFixed()).toBe('0.5');
  });

  test('pending and closed positions keep their stored figures', () => {
    expect(liveFigures(position({ status: 'pending', hazard_rate: null }), '19000').profit).toBe('0');
    expect(liveFigures(position({ status: 'closed', profits: '55' }), '19000').profit).toBe('55');
  });
});

describe('totals at the live marks', () => {
  test('sum profits and margins; risk rate over all maintenance margins', () => {
    const long = position({ id: 1 });
    const short = position({ id: 2, type: 2, liquidation_price: '20300' });
    const pending = position({ id: 3, status: 'pending' });
    // At 19,800: long -200, short +200; equity 800 over maintenance 2 x 99 = 198 → 404.04 %.
    const t = totalsAt([long, short, pending], { 'BTC/USDT': '19800' });
    expect(t.profit.toFixed()).toBe('0');
    expect(t.margin.toFixed()).toBe('800');
    expect(t.hazardRate).toBe('404.04');
    expect(totalsAt([], {}).hazardRate).toBeNull();
  });
});
