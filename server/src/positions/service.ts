/**
 * Futures rules (contract/futures.ts): opening, closing, cancelling, filling limit opens, stops and
 * overnight fees, with their ledger movements. No SQL here (repo.ts); every function that moves
 * money takes the caller's transaction, so the position row and the ledger change together.
 */
import Decimal from 'decimal.js';
import type { ParsedRequestOf } from '@contract/define';
import { CURRENCY_IDS } from '@contract/domain/instruments';
import { priceOfTicks } from '@contract/domain/trailing';
import { trailBestTicks, trailTriggerOf } from '@contract/futures';
import type { CloseReason, LeverTotals, Position, leverSetStop, leverSubmit } from '@contract/futures';
import type { MarketSource } from '@contract/market';
import { AppError } from '../errors';
import {
  balanceOf,
  hold,
  post,
  postHold,
  postHoldPart,
  releaseHold,
  systemAccount,
  userAccount,
  type Tx,
} from '../ledger/index';
import { CATALOG, type Instrument } from '../market/catalog';
import type { MarketRuntime } from '../market/runtime';
import {
  D,
  feeOf,
  initialMargin,
  liquidationPrice,
  maintenanceMargin,
  notionalOf,
  overnightDue,
  quantityOf,
  riskRate,
  settle,
  unrealisedPnl,
  utcDay,
  type Dec,
  type Side,
} from './math';
import { termsOf, type FuturesTerms } from './terms';
import { useFeeDiscount } from '../coupons/service';
import * as repo from './repo';
import type { PositionRow } from './repo';

export type SubmitInput = ParsedRequestOf<typeof leverSubmit>;
export type StopsInput = Omit<ParsedRequestOf<typeof leverSetStop>, 'lang'>;

const USDT = CURRENCY_IDS.USDT;
const instrumentById = new Map(CATALOG.instruments.map((i) => [i.id, i]));

export const instrumentOf = (pairId: number): Instrument => {
  const inst = instrumentById.get(pairId);
  if (!inst) throw new Error(`position of unknown pair ${pairId}`);
  return inst;
};

const plain = (v: Dec | string): string => new D(v).toFixed();
const wire = (v: string | null | undefined): string | null => (v === null || v === undefined ? null : plain(v));

/** A futures pair by base and quote; one without futures is refused on `currency_id`. */
export function leverPairOf(market: MarketRuntime, currencyId: number, legalId: number) {
  const inst = market.instruments().find((i) => i.base.id === currencyId && i.quote.id === legalId);
  if (!inst) throw new AppError('pair_not_found', { field: 'currency_id' });
  const terms = termsOf(inst);
  if (!terms) throw new AppError('lever_pair_closed', { field: 'currency_id' });
  return { inst, terms };
}

/** Pair ids matching an optional base and quote (list filters). */
export function pairIdsOf(currencyId: number | undefined, legalId: number | undefined): number[] | undefined {
  if (currencyId === undefined && legalId === undefined) return undefined;
  return CATALOG.instruments
    .filter(
      (i) =>
        (currencyId === undefined || i.base.id === currencyId) && (legalId === undefined || i.quote.id === legalId),
    )
    .map((i) => i.id);
}

export interface Mark {
  price: string;
  /** The feed time of the tick (epoch ms) and the feed it came from. */
  ts: number;
  source: MarketSource;
  /** A live price a user may open or close at. */
  live: boolean;
}

/** The mark price of a pair: the feed's last trade; null before the first one. */
export function markOf(market: MarketRuntime, inst: Instrument): Mark | null {
  const q = market.quote(inst);
  if (q.ts <= 0 || !new D(q.now_price).isPositive() || new D(q.now_price).isZero()) return null;
  return { price: q.now_price, ts: q.ts, source: q.source, live: !q.stale };
}

/** The live mark price, or `lever_price_stale`. */
export function liveMark(market: MarketRuntime, inst: Instrument, field = 'id'): Mark {
  const mark = markOf(market, inst);
  if (!mark || !mark.live) throw new AppError('lever_price_stale', { field });
  return mark;
}

function assertOnTick(inst: Instrument, field: string, price: string | undefined): void {
  if (price === undefined) return;
  if (!new D(price).mod(inst.rules.tick_size).isZero()) {
    throw new AppError('price_off_tick', { field, values: { tick: inst.rules.tick_size } });
  }
}

/**
 * Take-profit and stop-loss against the entry and the current price. Long: TP above both, SL
 * below the current price and above the liquidation price; short: the reverse.
 */
export function checkStops(
  side: Side,
  entry: string,
  current: string,
  liquidation: string,
  tp: string | undefined,
  sl: string | undefined,
): void {
  const values = { entry: plain(entry), price: plain(current), liquidation: plain(liquidation) };
  if (tp !== undefined) {
    const ok = side === 1 ? new D(tp).gt(entry) && new D(tp).gt(current) : new D(tp).lt(entry) && new D(tp).lt(current);
    if (!ok)
      throw new AppError(side === 1 ? 'lever_tp_long' : 'lever_tp_short', { field: 'target_profit_price', values });
  }
  if (sl !== undefined) {
    const ok =
      side === 1
        ? new D(sl).lt(current) && new D(sl).gt(liquidation)
        : new D(sl).gt(current) && new D(sl).lt(liquidation);
    if (!ok) throw new AppError(side === 1 ? 'lever_sl_long' : 'lever_sl_short', { field: 'stop_loss_price', values });
  }
}

/** The figures of an opening: computed before anything is written, and shown by the screen alike. */
export function openingOf(
  terms: FuturesTerms,
  inst: Instrument,
  side: Side,
  entry: string,
  lots: number,
  leverage: number,
) {
  const qty = quantityOf(lots, terms.lotSize);
  const notional = notionalOf(entry, qty);
  const margin = initialMargin(notional, leverage);
  const fee = feeOf(notional, terms.feeRate);
  const liq = liquidationPrice(side, entry, qty, margin, terms.maintenanceRate, inst.priceDecimals);
  return { qty, notional, margin, fee, liq };
}

const lever = (userId: number) => userAccount(userId, USDT, 'lever');

/** `insufficient_balance` from the ledger, told with what the lever account has and needs. */
async function explainShortfall(tx: Tx, err: unknown, userId: number, needed: Dec): Promise<never> {
  if (err instanceof AppError && err.key === 'insufficient_balance') {
    const { available } = await balanceOf(tx, userId, USDT, 'lever');
    throw new AppError('lever_insufficient_balance', {
      field: 'share',
      values: { available: plain(available), needed: plain(needed) },
    });
  }
  throw err;
}

/**
 * Opens a position (market) or places a limit open (pending), inside the caller's transaction:
 * checks the request against the pair's terms and the house's cap (under the pair and side's lock),
 * holds the margin, and charges the open fee (market) or holds it (limit).
 */
export async function submit(
  tx: Tx,
  market: MarketRuntime,
  userId: number,
  input: SubmitInput,
  now: Date,
): Promise<PositionRow> {
  const { inst, terms } = leverPairOf(market, input.currency_id, input.legal_id);
  if (!terms.multiples.includes(input.multiple)) {
    throw new AppError('lever_multiple_invalid', {
      field: 'multiple',
      values: { multiples: terms.multiples.join(', ') },
    });
  }
  if (input.share < terms.minLots || input.share > terms.maxLots) {
    throw new AppError('lever_share_range', { field: 'share', values: { min: terms.minLots, max: terms.maxLots } });
  }
  assertOnTick(inst, 'target_price', input.status === 0 ? input.target_price : undefined);
  assertOnTick(inst, 'target_profit_price', input.target_profit_price);
  assertOnTick(inst, 'stop_loss_price', input.stop_loss_price);
  const side = input.type as Side;
  const isLimit = input.status === 0;
  let entry: string;
  if (isLimit) {
    entry = plain(input.target_price!);
    const mark = markOf(market, inst);
    if (mark?.live) {
      const ok = side === 1 ? new D(entry).lt(mark.price) : new D(entry).gt(mark.price);
      if (!ok)
        throw new AppError(side === 1 ? 'lever_limit_long' : 'lever_limit_short', {
          field: 'target_price',
          values: { price: plain(mark.price) },
        });
    }
  } else {
    entry = liveMark(market, inst, 'status').price;
  }
  const o = openingOf(terms, inst, side, entry, input.share, input.multiple);
  checkStops(side, entry, entry, o.liq.toFixed(), input.target_profit_price, input.stop_loss_price);

  await repo.lockExposure(tx, inst.id, side);
  const used = new D(await repo.exposure(tx, inst.id, side));
  const left = D.max(new D(terms.houseCap).minus(used), 0);
  if (o.notional.gt(left)) {
    throw new AppError(side === 1 ? 'lever_house_cap_long' : 'lever_house_cap_short', {
      field: 'share',
      values: { symbol: inst.symbol, left: left.toFixed(2, Decimal.ROUND_DOWN) },
    });
  }
  const meta = { symbol: inst.symbol, side, lots: input.share, leverage: input.multiple };
  let marginHold: number;
  let feeHold: number | null = null;
  try {
    marginHold = (await hold(tx, { account: lever(userId), amount: o.margin, kind: 'lever_open', meta, at: now }))
      .holdId;
    if (isLimit) {
      if (o.fee.gt(0)) {
        feeHold = (await hold(tx, { account: lever(userId), amount: o.fee, kind: 'lever_open', meta, at: now })).holdId;
      }
    } else if (o.fee.gt(0)) {
      await post(tx, {
        kind: 'lever_open',
        meta,
        at: now,
        entries: [
          { account: lever(userId), amount: o.fee.neg() },
          { account: systemAccount('fees', USDT), amount: o.fee },
        ],
      });
    }
  } catch (err) {
    return explainShortfall(tx, err, userId, o.margin.plus(o.fee));
  }
  const position = await repo.insertPosition(tx, {
    userId,
    pairId: inst.id,
    side,
    orderType: isLimit ? 0 : 1,
    status: isLimit ? 'pending' : 'open',
    lots: input.share,
    quantity: o.qty.toFixed(),
    leverage: input.multiple,
    entryPrice: entry,
    limitPrice: isLimit ? entry : null,
    initialMargin: o.margin.toFixed(),
    margin: o.margin.toFixed(),
    openFee: o.fee.toFixed(),
    feeRate: terms.feeRate,
    maintenanceRate: terms.maintenanceRate,
    overnightRate: terms.overnightRate,
    liquidationPrice: o.liq.toFixed(),
    takeProfit: input.target_profit_price ?? null,
    stopLoss: input.stop_loss_price ?? null,
    marginHoldId: marginHold,
    feeHoldId: feeHold,
    overnightDay: utcDay(now.getTime()),
    createdAt: now,
    openedAt: isLimit ? null : now,
  });
  // A fee coupon applies to a market open's charged fee (contract/coupon.ts); limit opens take none.
  if (isLimit) {
    if (input.coupon_id) throw new AppError('coupon_not_applicable', { field: 'coupon_id' });
  } else {
    const coupon = { couponId: input.coupon_id, fee: o.fee, notional: o.notional };
    await useFeeDiscount(tx, { userId, positionId: position.id, ...coupon, at: now });
  }
  return position;
}

/** The feed tick a position closes at: its price, feed time (epoch ms) and source, all stored. */
export interface ClosingTick {
  price: string;
  ts: number;
  source: MarketSource;
}

/**
 * Closes an open position at the tick's price: the margin hold is spent on the user's return, the close fee
 * (to `fees`), the loss (to `house`) or paid with the profit (from `house`), and on liquidation what
 * is left to `insurance`. Undefined when the position is no longer open (someone else closed it).
 */
export async function closeAt(
  tx: Tx,
  id: number,
  tick: ClosingTick,
  reason: CloseReason,
  now: Date,
  options: CloseOptions & { userId?: number } = {},
): Promise<PositionRow | undefined> {
  const row = await repo.lockInStatus(tx, id, 'open', options.userId);
  if (!row) return undefined;
  return closeLocked(tx, row, tick, reason, now, options);
}

export interface CloseOptions {
  afterRestart?: boolean;
  trailBest?: string | undefined;
}

/** `closeAt` of a position the caller holds locked in status `open`. */
export async function closeLocked(
  tx: Tx,
  row: PositionRow,
  tick: ClosingTick,
  reason: CloseReason,
  now: Date,
  options: CloseOptions = {},
): Promise<PositionRow | undefined> {
  const price = tick.price;
  const liquidation = reason === 'liquidation';
  const s = settle({
    side: row.side,
    entry: row.entryPrice,
    price,
    qty: row.quantity,
    margin: row.margin,
    feeRate: row.feeRate,
    liquidation,
  });
  await postHold(tx, row.marginHoldId, {
    kind: liquidation ? 'lever_liquidation' : 'lever_close',
    userId: row.userId,
    at: now,
    meta: { position: row.id, price: plain(price), reason },
    to: [
      { account: lever(row.userId), amount: s.returned.toFixed() },
      { account: systemAccount('fees', USDT), amount: s.closeFee.toFixed() },
      { account: systemAccount('house', USDT), amount: s.house.neg().toFixed() },
      { account: systemAccount('insurance', USDT), amount: s.insurance.toFixed() },
    ],
  });
  return repo.transition(tx, row.id, 'open', {
    status: 'closed',
    closePrice: plain(price),
    closePriceAt: tick.ts,
    closeSource: tick.source,
    closeReason: reason,
    closedAt: now,
    closedAfterRestart: options.afterRestart ?? false,
    // A trailing stop's close keeps the best mark that set its trigger (the index may be ahead of the row).
    ...(options.trailBest !== undefined ? { trailBestPrice: options.trailBest } : {}),
    pnl: s.pnl.toFixed(),
    closeFee: s.closeFee.toFixed(),
    returned: s.returned.toFixed(),
  });
}

/** A pending limit open reached its price: it opens at its limit price and its held fee is paid. */
export async function fill(tx: Tx, id: number, now: Date): Promise<PositionRow | undefined> {
  const row = await repo.lockInStatus(tx, id, 'pending');
  if (!row) return undefined;
  if (row.feeHoldId !== null) {
    await postHold(tx, row.feeHoldId, {
      kind: 'lever_fill',
      userId: row.userId,
      at: now,
      meta: { position: row.id },
      to: [{ account: systemAccount('fees', USDT), amount: row.openFee }],
    });
  }
  return repo.transition(tx, row.id, 'pending', { status: 'open', openedAt: now, overnightDay: utcDay(now.getTime()) });
}

/** The user withdraws a pending limit open: margin and fee come back. */
export async function cancel(tx: Tx, userId: number, id: number, now: Date): Promise<PositionRow> {
  const row = await repo.lockInStatus(tx, id, 'pending', userId);
  if (!row) {
    const any = await repo.userPosition(tx, userId, id);
    throw new AppError(any ? 'position_not_pending' : 'position_not_found', { field: 'id' });
  }
  const described = { kind: 'lever_cancel' as const, at: now, meta: { position: row.id } };
  await releaseHold(tx, row.marginHoldId, described);
  if (row.feeHoldId !== null) await releaseHold(tx, row.feeHoldId, described);
  const done = await repo.transition(tx, row.id, 'pending', { status: 'cancelled', closedAt: now });
  if (!done) throw new Error(`position ${row.id} changed under its lock`);
  return done;
}

/**
 * Charges the overnight fees due up to `today` from the position's margin (exactly once per
 * position and day: conditional on the stored day), and moves its liquidation price accordingly.
 * A margin is never taken to zero: at most all but 0.00000001 of it.
 */
export async function chargeOvernight(tx: Tx, id: number, today: number, now: Date): Promise<PositionRow | undefined> {
  const row = await repo.lockInStatus(tx, id, 'open');
  if (!row || row.overnightDay >= today) return undefined;
  const keep = new D('0.00000001');
  const margin = new D(row.margin);
  const due = overnightDue({
    entryNotional: notionalOf(row.entryPrice, row.quantity),
    rate: row.overnightRate,
    lastDay: row.overnightDay,
    today,
    margin: D.max(margin.minus(keep), 0),
  });
  const fee = due.fee;
  const left = margin.minus(fee);
  if (fee.gt(0)) {
    await postHoldPart(tx, row.marginHoldId, {
      kind: 'lever_overnight',
      userId: row.userId,
      at: now,
      meta: { position: row.id, days: due.days },
      to: [{ account: systemAccount('fees', USDT), amount: fee.toFixed() }],
    });
  }
  const inst = instrumentOf(row.pairId);
  const liq = liquidationPrice(row.side, row.entryPrice, row.quantity, left, row.maintenanceRate, inst.priceDecimals);
  return updateLocked(tx, row, {
    overnightDay: today,
    margin: left.toFixed(),
    overnightFee: new D(row.overnightFee).plus(fee).toFixed(),
    liquidationPrice: liq.toFixed(),
  });
}

/** Updates a row the caller holds locked in its status. */
async function updateLocked(tx: Tx, row: PositionRow, set: Partial<repo.NewPosition>) {
  const done = await repo.transition(tx, row.id, row.status, set);
  if (!done) throw new Error(`position ${row.id} changed under its lock`);
  return done;
}

/** Sets or clears take-profit, stop-loss and the trailing stop of a pending or open position of the user. */
export async function setStops(
  tx: Tx,
  market: MarketRuntime,
  userId: number,
  input: StopsInput,
  now: Date,
): Promise<PositionRow> {
  const current = await repo.userPosition(tx, userId, input.id);
  if (!current) throw new AppError('position_not_found', { field: 'id' });
  if (current.status !== 'open' && current.status !== 'pending') {
    throw new AppError('position_not_open', { field: 'id' });
  }
  const row = await repo.lockInStatus(tx, input.id, current.status, userId);
  if (!row) throw new AppError('position_not_open', { field: 'id' });
  const inst = instrumentOf(row.pairId);
  assertOnTick(inst, 'target_profit_price', input.target_profit_price);
  assertOnTick(inst, 'stop_loss_price', input.stop_loss_price);
  const mark = row.status === 'open' ? markOf(market, inst) : null;
  checkStops(
    row.side,
    row.entryPrice,
    mark?.price ?? row.entryPrice,
    row.liquidationPrice,
    input.target_profit_price,
    input.stop_loss_price,
  );
  const trail = trailChange(market, row, inst, input, now);
  return updateLocked(tx, row, {
    takeProfit: input.target_profit_price ?? null,
    stopLoss: input.stop_loss_price ?? null,
    ...trail,
  });
}

const sameDecimal = (stored: string | null, sent: string | undefined): boolean =>
  stored === null || sent === undefined ? stored === null && sent === undefined : new D(stored).eq(sent);

/**
 * The trailing stop's columns for `/lever/setstop`: none sent clears it; the trail the position
 * already has keeps its best mark (saving take-profit beside it must not restart it); a new one
 * starts from the live mark now, on the price grid. Only an open position trails: a pending one
 * has no mark of its own to follow yet.
 */
function trailChange(
  market: MarketRuntime,
  row: PositionRow,
  inst: Instrument,
  input: StopsInput,
  now: Date,
): Partial<repo.NewPosition> {
  const { trail_percent: percent, trail_distance: distance } = input;
  if (percent === undefined && distance === undefined) {
    return { trailPercent: null, trailDistance: null, trailBestPrice: null, trailSetAt: null };
  }
  const field = distance !== undefined ? 'trail_distance' : 'trail_percent';
  if (row.status !== 'open') throw new AppError('lever_trail_pending', { field });
  assertOnTick(inst, 'trail_distance', distance);
  const same = sameDecimal(row.trailPercent, percent) && sameDecimal(row.trailDistance, distance);
  if (same && row.trailBestPrice !== null) return {};
  const mark = liveMark(market, inst, field);
  const best = priceOfTicks(trailBestTicks(row.side, mark.price, inst.priceDecimals), inst.priceDecimals);
  // A long's trigger must stay above zero: the distance is less than the mark.
  if (distance !== undefined && row.side === 1 && !new D(distance).lt(best)) {
    throw new AppError('lever_trail_distance', { field, values: { price: plain(mark.price) } });
  }
  return { trailPercent: percent ?? null, trailDistance: distance ?? null, trailBestPrice: best, trailSetAt: now };
}

/** A position's trailing stop for the index and the view; null without one. */
export function trailOfRow(row: PositionRow) {
  if (row.trailBestPrice === null || (row.trailPercent === null && row.trailDistance === null)) return null;
  return {
    percent: row.trailPercent === null ? null : plain(row.trailPercent),
    distance: row.trailDistance === null ? null : plain(row.trailDistance),
    best: plain(row.trailBestPrice),
    since: row.trailSetAt?.getTime() ?? 0,
    priceDecimals: instrumentOf(row.pairId).priceDecimals,
  };
}

/** A position as the API shows it, with figures at `mark` for an open one. */
export function positionView(row: PositionRow, mark: Mark | null): Position {
  const inst = instrumentOf(row.pairId);
  const open = row.status === 'open';
  const closed = row.status === 'closed';
  const price = open ? (mark?.price ?? null) : closed ? row.closePrice : null;
  const markNotional = notionalOf(price ?? row.entryPrice, row.quantity);
  const pnl = open && price !== null ? unrealisedPnl(row.side, row.entryPrice, price, row.quantity) : null;
  const risk = open && pnl !== null ? riskRate(row.margin, pnl, markNotional, row.maintenanceRate) : null;
  const opened = row.openedAt ?? row.createdAt;
  const trail = trailOfRow(row);
  return {
    id: row.id,
    symbol: inst.symbol,
    currency_id: inst.base.id,
    legal_id: inst.quote.id,
    type: row.side,
    order_type: row.orderType,
    status: row.status,
    price: plain(row.entryPrice),
    target_price: wire(row.limitPrice),
    update_price: price === null ? null : plain(price),
    share: row.lots,
    number: plain(row.quantity),
    multiple: row.leverage,
    caution_money: plain(row.margin),
    trade_fee: plain(new D(row.openFee).plus(row.closeFee)),
    open_fee: plain(row.openFee),
    close_fee: plain(row.closeFee),
    overnight_money: plain(row.overnightFee),
    target_profit_price: wire(row.takeProfit),
    stop_loss_price: wire(row.stopLoss),
    trail_percent: trail?.percent ?? null,
    trail_distance: trail?.distance ?? null,
    trail_best_price: trail?.best ?? null,
    trail_trigger_price: trail ? trailTriggerOf(row.side, trail, trail.best, trail.priceDecimals) : null,
    liquidation_price: plain(row.liquidationPrice),
    maintenance_margin: plain(maintenanceMargin(markNotional, row.maintenanceRate)),
    profits: pnl !== null ? plain(pnl) : closed && row.pnl !== null ? plain(row.pnl) : '0',
    hazard_rate: risk === null ? null : risk.toFixed(2),
    transaction_time: opened.toISOString(),
    created_at: row.createdAt.toISOString(),
    close_price: wire(row.closePrice),
    close_time: row.closedAt ? row.closedAt.toISOString() : null,
    close_price_at: row.closePriceAt,
    close_source: row.closeSource,
    close_reason: row.closeReason ?? null,
    closed_after_restart: row.closedAfterRestart,
    returned: wire(row.returned),
  };
}

/** Totals over the open positions: margins, profits and the overall risk rate (over the priced ones). */
export function totalsOf(rows: PositionRow[], markFor: (pairId: number) => Mark | null, balance: string): LeverTotals {
  let margin = new D(0);
  let pnl = new D(0);
  let mm = new D(0);
  let priced = false;
  let pricedMargin = new D(0);
  let open = 0;
  let pending = 0;
  for (const row of rows) {
    if (row.status === 'pending') {
      pending += 1;
      continue;
    }
    if (row.status !== 'open') continue;
    open += 1;
    margin = margin.plus(row.margin);
    const mark = markFor(row.pairId);
    if (!mark) continue;
    priced = true;
    pricedMargin = pricedMargin.plus(row.margin);
    pnl = pnl.plus(unrealisedPnl(row.side, row.entryPrice, mark.price, row.quantity));
    mm = mm.plus(maintenanceMargin(notionalOf(mark.price, row.quantity), row.maintenanceRate));
  }
  const hazard =
    priced && !mm.isZero() ? margin.plus(pnl).div(mm).times(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR) : null;
  return {
    caution_money: plain(margin),
    profits: plain(pnl),
    hazard_rate: hazard === null ? null : hazard.toFixed(2),
    balance: plain(balance),
    open_count: open,
    pending_count: pending,
  };
}
