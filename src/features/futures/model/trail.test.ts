import { describe, expect, test } from 'vitest';
import type { Position } from '@contract/futures';
import { checkTrail, liveTrail, previewTrail, trailDraftOf } from './trail';

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
  multiple: 10,
  caution_money: '2000',
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
  liquidation_price: '18100',
  maintenance_margin: '100',
  profits: '0',
  hazard_rate: '2000',
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

const trailing = position({
  trail_percent: '2',
  trail_best_price: '20100',
  trail_trigger_price: '19698',
});

describe('trailing stop in the stop sheet', () => {
  test('starts from what the position has', () => {
    expect(trailDraftOf(position())).toEqual({ mode: 'percent', value: '' });
    expect(trailDraftOf(trailing)).toEqual({ mode: 'percent', value: '2' });
    expect(trailDraftOf(position({ trail_distance: '150.5' }))).toEqual({ mode: 'distance', value: '150.5' });
  });

  test('checks a percentage and a distance as the server does', () => {
    const p = position();
    const check = (mode: 'percent' | 'distance', value: string) => checkTrail(p, { mode, value }, '20000', 2);
    expect(check('percent', '')).toEqual({ ok: true });
    expect(check('percent', ' 2.5 ')).toEqual({ ok: true, trail_percent: '2.5' });
    expect(check('percent', '50')).toEqual({ ok: true, trail_percent: '50' });
    expect(check('percent', '50.01')).toMatchObject({ ok: false, field: 'trail_percent', key: 'field_invalid' });
    expect(check('percent', '1.234')).toMatchObject({ ok: false, key: 'field_invalid' });
    expect(check('percent', '0')).toMatchObject({ ok: false, key: 'amount_invalid' });
    expect(check('distance', '150.5')).toEqual({ ok: true, trail_distance: '150.5' });
    expect(check('distance', '10.001')).toMatchObject({
      ok: false,
      field: 'trail_distance',
      key: 'price_off_tick',
      values: { field: 'trail_distance', tick: '0.01' },
    });
    expect(check('distance', '20000')).toMatchObject({
      ok: false,
      key: 'lever_trail_distance',
      values: { price: '20000' },
    });
    // A short's distance may be anything on the grid.
    expect(checkTrail(position({ type: 2 }), { mode: 'distance', value: '25000' }, '20000', 2)).toEqual({
      ok: true,
      trail_distance: '25000',
    });
    expect(checkTrail(position({ status: 'pending' }), { mode: 'percent', value: '2' }, '20000', 2)).toMatchObject({
      ok: false,
      key: 'lever_trail_pending',
    });
  });

  test('previews a new trail from the mark and the current one from its best', () => {
    expect(previewTrail(position(), { mode: 'percent', value: '2' }, '20050', 2)).toEqual({
      best: '20050',
      trigger: '19649',
    });
    expect(previewTrail(position({ type: 2 }), { mode: 'distance', value: '100' }, '20050', 2)).toEqual({
      best: '20050',
      trigger: '20150',
    });
    // Unchanged, it goes on from the best so far (the server keeps it), moved by a better mark.
    expect(previewTrail(trailing, { mode: 'percent', value: '2.00' }, '20050', 2)).toEqual({
      best: '20100',
      trigger: '19698',
    });
    expect(previewTrail(trailing, { mode: 'percent', value: '2' }, '20200', 2)).toEqual({
      best: '20200',
      trigger: '19796',
    });
    expect(previewTrail(position(), { mode: 'percent', value: '' }, '20050', 2)).toBeNull();
    expect(previewTrail(position(), { mode: 'percent', value: '60' }, '20050', 2)).toBeNull();
    expect(previewTrail(position(), { mode: 'percent', value: '2' }, undefined, 2)).toBeNull();
  });

  test('shows a position’s trigger at the live mark, never behind the server’s', () => {
    expect(liveTrail(position(), '20500', 2)).toBeNull();
    expect(liveTrail(trailing, undefined, 2)).toEqual({ best: '20100', trigger: '19698' });
    expect(liveTrail(trailing, '20000', 2)).toEqual({ best: '20100', trigger: '19698' });
    expect(liveTrail(trailing, '20300', 2)).toEqual({ best: '20300', trigger: '19894' });
    const closed = { ...trailing, status: 'closed' as const };
    expect(liveTrail(closed, '25000', 2)).toEqual({ best: '20100', trigger: '19698' });
  });
});
