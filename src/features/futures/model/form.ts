import { Decimal } from 'decimal.js';
import type { LeverTerms } from '@contract/futures';
import type { MessageKey } from '@contract/messages';
import { estimateOpen, type OpenEstimate, type Side } from './math';

/** What the futures form holds while the user types: text, as typed. */
export interface LeverDraft {
  side: Side;
  type: 'market' | 'limit';
  /** Limit price (ignored for a market open). */
  price: string;
  /** Lots, a whole number. */
  lots: string;
  multiple: number;
  takeProfit: string;
  stopLoss: string;
}

/** The published terms the form checks against (the server checks again). */
export type FormTerms = Pick<
  LeverTerms,
  | 'symbol'
  | 'lot_size'
  | 'multiples'
  | 'fee_rate'
  | 'maintenance_rate'
  | 'min_share'
  | 'max_share'
  | 'house_long'
  | 'house_short'
  | 'balance'
>;

/** A refusal worded by the contract catalogue, as the server would word it. */
export interface FormProblem {
  field: 'target_price' | 'share' | 'multiple' | 'target_profit_price' | 'stop_loss_price';
  key: MessageKey;
  values: Record<string, string>;
}

/** What is sent to `/lever/submit`, once checked. */
export interface CheckedOpen {
  share: number;
  multiple: number;
  type: 1 | 2;
  status: 0 | 1;
  target_price?: string;
  target_profit_price?: string;
  stop_loss_price?: string;
}

// Up to 10 decimals, as the contract's amount() accepts.
/** A plain number the contract takes: up to 15 digits and 10 decimals. */
export const NUMBER = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,10})?$/;
const parse = (text: string) => (NUMBER.test(text.trim()) ? new Decimal(text.trim()) : null);
const LOTS = /^[1-9]\d{0,8}$/;

const plain = (d: Decimal.Value) => new Decimal(d).toFixed();

/**
 * The price the open is computed at: the limit price, or for a market open the last (mark) price.
 * Null when it cannot be known yet.
 */
export function entryOf(draft: Pick<LeverDraft, 'type' | 'price'>, last: string | null | undefined): Decimal | null {
  const price = draft.type === 'limit' ? parse(draft.price) : last ? new Decimal(last) : null;
  return price && price.gt(0) ? price : null;
}

/** The live figures under the form (margin, fee, liquidation …), or null while something is missing. */
export function previewOpen(
  draft: LeverDraft,
  terms: Pick<FormTerms, 'lot_size' | 'fee_rate' | 'maintenance_rate'>,
  last: string | null | undefined,
  priceDecimals?: number,
): OpenEstimate | null {
  const entry = entryOf(draft, last);
  if (!entry || !LOTS.test(draft.lots.trim()) || draft.multiple <= 0) return null;
  return estimateOpen(draft.side, entry, draft.lots.trim(), draft.multiple, {
    lotSize: terms.lot_size,
    feeRate: terms.fee_rate,
    maintenanceRate: terms.maintenance_rate,
    priceDecimals,
  });
}

/**
 * Take-profit and stop-loss against the entry, the current price and the liquidation price, the
 * rules of `/lever/setstop`: long take-profit above entry and current, stop-loss below current and
 * above liquidation; a short the reverse. Empty texts are "none". Also used by the edit sheet.
 */
export function checkStops(
  side: Side,
  stops: { takeProfit: string; stopLoss: string },
  entry: Decimal.Value,
  current: Decimal.Value,
  liquidation: Decimal.Value,
): { ok: true; takeProfit?: string; stopLoss?: string } | ({ ok: false } & FormProblem) {
  const values = { entry: plain(entry), price: plain(current), liquidation: plain(liquidation) };
  let takeProfit: Decimal | undefined;
  let stopLoss: Decimal | undefined;
  if (stops.takeProfit.trim()) {
    const tp = parse(stops.takeProfit);
    if (!tp || tp.lte(0))
      return {
        ok: false,
        field: 'target_profit_price',
        key: 'amount_invalid',
        values: { field: 'target_profit_price' },
      };
    const good = side === 'long' ? tp.gt(entry) && tp.gt(current) : tp.lt(entry) && tp.lt(current);
    if (!good)
      return {
        ok: false,
        field: 'target_profit_price',
        key: side === 'long' ? 'lever_tp_long' : 'lever_tp_short',
        values: { field: 'target_profit_price', ...values },
      };
    takeProfit = tp;
  }
  if (stops.stopLoss.trim()) {
    const sl = parse(stops.stopLoss);
    if (!sl || sl.lte(0))
      return { ok: false, field: 'stop_loss_price', key: 'amount_invalid', values: { field: 'stop_loss_price' } };
    const good = side === 'long' ? sl.lt(current) && sl.gt(liquidation) : sl.gt(current) && sl.lt(liquidation);
    if (!good)
      return {
        ok: false,
        field: 'stop_loss_price',
        key: side === 'long' ? 'lever_sl_long' : 'lever_sl_short',
        values: { field: 'stop_loss_price', ...values },
      };
    stopLoss = sl;
  }
  return {
    ok: true,
    ...(takeProfit ? { takeProfit: takeProfit.toFixed() } : {}),
    ...(stopLoss ? { stopLoss: stopLoss.toFixed() } : {}),
  };
}

/**
 * Checks a draft before the confirmation sheet, in the order the user reads the form: limit price
 * (positive; a long below the current price, a short above), lots (a whole number within the
 * published range), leverage (a published multiple), the house's capacity on that side, the
 * balance for margin and fee, then take-profit and stop-loss. `last` is the mark price.
 */
export function checkOpen(
  draft: LeverDraft,
  terms: FormTerms,
  last: string | null | undefined,
  priceDecimals?: number,
): { ok: true; order: CheckedOpen; estimate: OpenEstimate } | ({ ok: false } & FormProblem) {
  if (draft.type === 'limit') {
    const price = parse(draft.price);
    if (!price || price.lte(0))
      return { ok: false, field: 'target_price', key: 'amount_invalid', values: { field: 'target_price' } };
    if (last) {
      const wrongSide = draft.side === 'long' ? price.gte(last) : price.lte(last);
      if (wrongSide)
        return {
          ok: false,
          field: 'target_price',
          key: draft.side === 'long' ? 'lever_limit_long' : 'lever_limit_short',
          values: { field: 'target_price', price: plain(last) },
        };
    }
  } else if (!last) {
    return { ok: false, field: 'target_price', key: 'lever_price_stale', values: {} };
  }
  const lots = draft.lots.trim();
  const share = LOTS.test(lots) ? Number(lots) : NaN;
  if (!(share >= terms.min_share && share <= terms.max_share))
    return {
      ok: false,
      field: 'share',
      key: 'lever_share_range',
      values: { field: 'share', min: String(terms.min_share), max: String(terms.max_share) },
    };
  if (!terms.multiples.includes(draft.multiple))
    return {
      ok: false,
      field: 'multiple',
      key: 'lever_multiple_invalid',
      values: { field: 'multiple', multiples: terms.multiples.join(', ') },
    };
  const estimate = previewOpen(draft, terms, last, priceDecimals);
  const entry = entryOf(draft, last);
  if (!estimate || !entry) return { ok: false, field: 'target_price', key: 'lever_price_stale', values: {} };
  const house = draft.side === 'long' ? terms.house_long : terms.house_short;
  if (estimate.notional.gt(house.left))
    return {
      ok: false,
      field: 'share',
      key: draft.side === 'long' ? 'lever_house_cap_long' : 'lever_house_cap_short',
      values: { symbol: terms.symbol, left: plain(house.left) },
    };
  if (estimate.total.gt(terms.balance))
    return {
      ok: false,
      field: 'share',
      key: 'lever_insufficient_balance',
      values: { needed: estimate.total.toFixed(), available: plain(terms.balance) },
    };
  // A pending open's limit price stands for the current price, as the server checks it.
  const current = draft.type === 'limit' ? entry : new Decimal(last!);
  const stops = checkStops(draft.side, draft, entry, current, estimate.liquidation);
  if (!stops.ok) return stops;
  return {
    ok: true,
    estimate,
    order: {
      share,
      multiple: draft.multiple,
      type: draft.side === 'long' ? 1 : 2,
      status: draft.type === 'market' ? 1 : 0,
      ...(draft.type === 'limit' ? { target_price: entry.toFixed() } : {}),
      ...(stops.takeProfit ? { target_profit_price: stops.takeProfit } : {}),
      ...(stops.stopLoss ? { stop_loss_price: stops.stopLoss } : {}),
    },
  };
}
