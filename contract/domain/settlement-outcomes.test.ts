import { createHash } from 'node:crypto';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { canonicalBoxText } from '../nft';
import type { RecordValue } from './settlement-chain';
import {
  auctionOutcome,
  futuresCloseOutcome,
  lockPayoutOutcome,
  recheckRecord,
  type Recordable,
} from './settlement-outcomes';

const sha256 = (d: Uint8Array) => nobleSha256(d);
const DAY = 86_400_000;
const T = Date.UTC(2032, 0, 10);

type Data = { [key: string]: RecordValue };
const rec = (kind: Recordable['kind'], data: Data, at = T): Recordable => ({ kind, at, data });

const auction = (over: Data = {}): Data => ({
  start_price: '100',
  per_increase: '10',
  margin: '20',
  start_at: T - DAY,
  end_at: T - 60_000,
  bids: [
    { bidder: 'a', price: '100', at: T - DAY + 1000 },
    { bidder: 'b', price: '110', at: T - 3_600_000 },
    { bidder: 'a', price: '125.5', at: T - 120_000 },
  ],
  bid_count: 3,
  result: 'sold',
  winner: 'a',
  price: '125.5',
  winner_margin: '20',
  amount_due: '105.5',
  payment_window_ms: DAY,
  payment_due_at: T + DAY,
  seller_receives: '125.5',
  ...over,
});

describe('recomputing an auction end', () => {
  it('lets the last bid win, due less the margin within the window from the later of end and processing', () => {
    expect(recheckRecord(sha256, rec('nft_auction', auction()))).toEqual({ ok: true, mismatches: [] });
    // Processed before its end time could not happen, but the window counts from the later one.
    expect(auctionOutcome(rec('nft_auction', auction(), T - DAY)).payment_due_at).toBe(T - 60_000 + DAY);
    const none = auction({ bids: [], bid_count: 0, result: 'no_sale', winner: null, price: null });
    const noSale = { ...none, winner_margin: null, amount_due: null, payment_due_at: null, seller_receives: null };
    expect(recheckRecord(sha256, rec('nft_auction', noSale))).toEqual({ ok: true, mismatches: [] });
  });

  it('names a wrong winner, price or due amount, and bids that broke the rules', () => {
    expect(recheckRecord(sha256, rec('nft_auction', auction({ winner: 'b' })))!.mismatches).toEqual(['winner']);
    expect(recheckRecord(sha256, rec('nft_auction', auction({ amount_due: '125.5' })))!.mismatches).toEqual([
      'amount_due',
    ]);
    const early = auction().bids as Data[];
    const low = [early[0]!, { ...early[1]!, price: '105' }, early[2]!];
    expect(recheckRecord(sha256, rec('nft_auction', auction({ bids: low })))!.mismatches).toEqual(['bids']);
    const late = [early[0]!, early[1]!, { ...early[2]!, at: T - 60_000 }];
    expect(recheckRecord(sha256, rec('nft_auction', auction({ bids: late })))!.mismatches).toEqual(['bids']);
    expect(recheckRecord(sha256, rec('nft_auction', auction({ bid_count: 2 })))!.mismatches).toEqual(['bid_count']);
  });

  it('says a record without its fields cannot be recomputed', () => {
    const { bids: _bids, ...rest } = auction();
    expect(recheckRecord(sha256, rec('nft_auction', rest))).toEqual({ ok: false, mismatches: ['shape'] });
    expect(recheckRecord(sha256, rec('nft_auction', auction({ start_price: 'ten' })))!.mismatches).toEqual(['shape']);
  });
});

describe('recomputing a blind box reveal', () => {
  const content = { name: 'Star', type: 'image', rarity: 'SR', media: '/m/1.webp', image: '/i/1.webp' } as const;
  const salt = 'ab'.repeat(32);
  const commitment = createHash('sha256')
    .update(canonicalBoxText('BOX1', content, salt))
    .digest('hex');

  it('matches the commitment sealed before the sale, and not with another salt or content', () => {
    const data = { box: 'BOX1', commitment, salt, content: { ...content } };
    expect(recheckRecord(sha256, rec('nft_blind_box', data))).toEqual({ ok: true, mismatches: [] });
    expect(recheckRecord(sha256, rec('nft_blind_box', { ...data, salt: 'cd'.repeat(32) }))!.mismatches).toEqual([
      'commitment',
    ]);
    const rarer = { ...content, rarity: 'SSR' };
    expect(recheckRecord(sha256, rec('nft_blind_box', { ...data, content: rarer }))!.ok).toBe(false);
  });
});

const lock = (over: Data = {}): Data => ({
  event: 'interest',
  principal: '10000',
  min_rate: '0.003',
  max_rate: '0.004',
  first_day: T - 5 * DAY,
  last_day: T - DAY,
  paid: [
    { day: T - 3 * DAY, published_rate: '0.0035', published_at: T - 5 * DAY, rate: '0.0035', interest: '35' },
    // Published out of the order's range: kept inside it.
    { day: T - 2 * DAY, published_rate: '0.009', published_at: T - 4 * DAY, rate: '0.004', interest: '40' },
    // None published (the server was down over midnight): the minimum.
    { day: T - DAY, published_rate: null, published_at: null, rate: '0.003', interest: '30' },
  ],
  interest_paid: '105',
  ...over,
});

describe('recomputing lock-mining payouts', () => {
  it('pays principal x the day rate kept in range, the minimum without one, rounded down to 8 places', () => {
    expect(recheckRecord(sha256, rec('lock_mining', lock()))).toEqual({ ok: true, mismatches: [] });
    const odd = lock({
      principal: '333.33333333',
      paid: [
        { day: T - DAY, published_rate: '0.0031', published_at: T - 3 * DAY, rate: '0.0031', interest: '1.03333333' },
      ],
      interest_paid: '1.03333333',
    });
    expect(recheckRecord(sha256, rec('lock_mining', odd))).toEqual({ ok: true, mismatches: [] });
    expect(recheckRecord(sha256, rec('lock_mining', lock({ interest_paid: '106' })))!.mismatches).toEqual([
      'interest_paid',
    ]);
    const paid = lock().paid as Data[];
    const wrongRate = [{ ...paid[0]!, rate: '0.004', interest: '40' }, paid[1]!, paid[2]!];
    expect(recheckRecord(sha256, rec('lock_mining', lock({ paid: wrongRate })))!.mismatches).toContain('paid');
  });

  it('refuses days outside the lock or skipped', () => {
    const paid = lock().paid as Data[];
    const skipped = [paid[0]!, paid[2]!];
    expect(recheckRecord(sha256, rec('lock_mining', lock({ paid: skipped, interest_paid: '65' })))!.mismatches).toEqual(
      ['paid'],
    );
    const after = [{ ...paid[2]!, day: T }];
    expect(recheckRecord(sha256, rec('lock_mining', lock({ paid: after, interest_paid: '30' })))!.mismatches).toEqual([
      'paid',
    ]);
  });

  it('releases the principal at maturity; an early redemption pays SPEC.md example 0.4 % x 3 days x 1000 = 12', () => {
    const matured = lock({ event: 'maturity', paid: [], interest_paid: '0', principal_released: '10000' });
    expect(recheckRecord(sha256, rec('lock_mining', matured))).toEqual({ ok: true, mismatches: [] });
    const redeemed = lock({
      event: 'redemption',
      principal: '1000',
      penalty_rate: '0.004',
      last_day: T + 3 * DAY,
      paid: [],
      interest_paid: '0',
      remaining_days: 3,
      penalty: '12',
      refund: '988',
    });
    expect(lockPayoutOutcome(rec('lock_mining', redeemed, T + 3_600_000))).toMatchObject({
      remaining_days: 3,
      penalty: '12',
      refund: '988',
    });
    expect(recheckRecord(sha256, rec('lock_mining', redeemed))).toEqual({ ok: true, mismatches: [] });
    expect(recheckRecord(sha256, rec('lock_mining', { ...redeemed, penalty: '4' }))!.mismatches).toEqual(['penalty']);
    // A day paid at redemption must have ended before it.
    const today = { day: T, published_rate: '0.003', published_at: T - DAY, rate: '0.003', interest: '3' };
    const early = { ...redeemed, paid: [today], interest_paid: '3' };
    expect(recheckRecord(sha256, rec('lock_mining', early))!.mismatches).toEqual(['paid']);
  });
});

const dual = (over: Data = {}): Data => ({
  currency: 'BTC',
  settle_currency: 'USDT',
  shares: 10,
  price_per_share: '0.01',
  amount: '0.1',
  apr: '0.365',
  linked_price: '100000',
  holding_days: 7,
  maturity_at: T,
  max_age_ms: 10_000,
  settle_price: '99999.99',
  settle_price_at: T - 10_000,
  settle_source: 'binance',
  result: 'completed',
  paid_currency: 'BTC',
  payout: '0.1007',
  ...over,
});

describe('recomputing a dual invest settlement (the README worked example)', () => {
  it('pays the coin below the linked price, USDT at or above it, and fails without a recent price', () => {
    expect(recheckRecord(sha256, rec('dual_invest', dual()))).toEqual({ ok: true, mismatches: [] });
    const at = dual({ settle_price: '100000', paid_currency: 'USDT', payout: '10070' });
    expect(recheckRecord(sha256, rec('dual_invest', at))).toEqual({ ok: true, mismatches: [] });
    const stale = dual({ settle_price_at: T - 10_001, result: 'failed', paid_currency: 'BTC', payout: '0.1' });
    expect(recheckRecord(sha256, rec('dual_invest', stale))).toEqual({ ok: true, mismatches: [] });
    const none = dual({
      settle_price: null,
      settle_price_at: null,
      settle_source: null,
      result: 'failed',
      payout: '0.1',
    });
    expect(recheckRecord(sha256, rec('dual_invest', none))).toEqual({ ok: true, mismatches: [] });
  });

  it('names a payout in the wrong currency or of the wrong amount', () => {
    expect(recheckRecord(sha256, rec('dual_invest', dual({ paid_currency: 'USDT' })))!.mismatches).toEqual([
      'paid_currency',
    ]);
    expect(recheckRecord(sha256, rec('dual_invest', dual({ amount: '0.2' })))!.mismatches).toEqual(['amount']);
    expect(recheckRecord(sha256, rec('dual_invest', dual({ result: 'failed' })))!.mismatches).toEqual(['result']);
  });

  it('leaves the kinds recomputed on the server alone', () => {
    expect(recheckRecord(sha256, rec('seconds', {}))).toBeNull();
    expect(recheckRecord(sha256, rec('spot_fill', {}))).toBeNull();
  });
});

describe('recomputing a futures close', () => {
  /** 1 BTC long from 20,000 with margin 400 and fee rate 0.0005 (`positions/math.ts` worked example). */
  const close = (over: Data = {}): Data => ({
    reason: 'user',
    side: 'long',
    entry_price: '20000.000000000000000000',
    quantity: '1',
    margin: '400',
    fee_rate: '0.0005',
    tick_price: '20100',
    close_price: '20100',
    pnl: '100',
    close_fee: '10.05',
    returned: '489.95',
    ...over,
  });

  it('restates settle(): profit floored, loss capped by the margin, fee capped by what is left', () => {
    expect(recheckRecord(sha256, rec('futures_close', close()))).toEqual({ ok: true, mismatches: [] });
    // A short at 20,000.123 loses 0.123 per BTC: floored to 8 places it stays -0.123.
    const short = close({ side: 'short', quantity: '0.001', tick_price: '20123.456789' });
    expect(futuresCloseOutcome(rec('futures_close', short))).toEqual({
      close_price: '20123.456789',
      pnl: '-0.12345679',
      close_fee: '0.01006172',
      returned: '399.86648149',
    });
    // Down 500 on a margin of 400: the loss is the margin, nothing is left for a fee.
    expect(futuresCloseOutcome(rec('futures_close', close({ tick_price: '19500' })))).toMatchObject({
      pnl: '-400',
      close_fee: '0',
      returned: '0',
    });
  });

  it('sends what is left of a liquidated margin to insurance, for a trigger or a copy of one', () => {
    const liq = { tick_price: '19700', close_price: '19700', pnl: '-300', close_fee: '9.85', returned: '0' };
    expect(recheckRecord(sha256, rec('futures_trigger', close({ ...liq, trigger: 'liquidation' })))!.ok).toBe(true);
    expect(recheckRecord(sha256, rec('futures_close', close({ ...liq, reason: 'liquidation' })))!.ok).toBe(true);
    expect(recheckRecord(sha256, rec('futures_close', close({ ...liq, reason: 'user' })))!.mismatches).toEqual([
      'returned',
    ]);
  });

  it('names a changed outcome, and leaves a record of many copies to its leaves', () => {
    expect(recheckRecord(sha256, rec('futures_close', close({ pnl: '101' })))!.mismatches).toEqual(['pnl']);
    expect(recheckRecord(sha256, rec('futures_close', close({ side: 'up' })))!.mismatches).toEqual(['shape']);
    expect(recheckRecord(sha256, rec('futures_close', { copy_of: 7, leaves: [] }))).toBeNull();
  });
});

describe('recomputing a forfeited auction margin', () => {
  const forfeit = (over: Data = {}): Data => ({
    seller: 'abc',
    price: '80',
    margin_held: '8.00',
    amount_due: '72',
    payment_due_at: T - 60_000,
    paid: false,
    forfeited: '8',
    forfeited_to: 'house',
    artwork_relisted: true,
    ...over,
  });

  it('forfeits the whole margin held to the house once the deadline has passed', () => {
    expect(recheckRecord(sha256, rec('nft_forfeit', forfeit()))).toEqual({ ok: true, mismatches: [] });
    const platform = forfeit({ seller: null, margin_held: null, forfeited: '0', artwork_relisted: false });
    expect(recheckRecord(sha256, rec('nft_forfeit', platform))!.ok).toBe(true);
  });

  it('names a wrong amount, a relisting that did not follow, and a forfeit before the deadline', () => {
    expect(recheckRecord(sha256, rec('nft_forfeit', forfeit({ forfeited: '7' })))!.mismatches).toEqual(['forfeited']);
    expect(recheckRecord(sha256, rec('nft_forfeit', forfeit({ artwork_relisted: false })))!.mismatches).toEqual([
      'artwork_relisted',
    ]);
    expect(recheckRecord(sha256, rec('nft_forfeit', forfeit({ payment_due_at: T + 1 })))!.mismatches).toEqual([
      'payment_due_at',
    ]);
  });
});
