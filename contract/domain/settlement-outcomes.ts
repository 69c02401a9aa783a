import { canonicalBoxText, type BlindBoxContent } from '../nft';
import { dualSettlement } from '../invest';
import { hashBody, type HashFn, type RecordValue, type SettlementKind } from './settlement-chain';
import { fromUnits, roundDown, timesUnits, toUnits } from './units';

/**
 * The outcomes of the settlement record's kinds recomputed from a record's (or a leaf's) own
 * fields, with nothing else: what anyone checks a recorded outcome with, here in the browser and in
 * the server's tests against the ledger. The fields are the ones the products write
 * (`server/src/products/nft/records.ts`, `lockming/records.ts`, `invest/records.ts`,
 * `server/src/positions/records.ts`); the formulas
 * are the products' own (`dualSettlement`, `canonicalBoxText`), or restated exactly where the
 * product computes with decimal.js (lock mining's interest and penalty, rounded down to 8 places).
 */

type Data = { readonly [key: string]: RecordValue };

/** What a check reads: a record's or a leaf's kind, time and data. */
export interface Recordable {
  kind: SettlementKind;
  at: number;
  data: Data;
}

/** A field missing or of the wrong type: the record cannot be recomputed. */
export class RecordShapeError extends Error {}

const field = (d: Data, key: string): RecordValue => {
  const v = d[key];
  if (v === undefined) throw new RecordShapeError(`no ${key}`);
  return v;
};
const str = (d: Data, key: string): string => {
  const v = field(d, key);
  if (typeof v !== 'string') throw new RecordShapeError(`${key} is not a string`);
  return v;
};
const int = (d: Data, key: string): number => {
  const v = field(d, key);
  if (typeof v !== 'number') throw new RecordShapeError(`${key} is not an integer`);
  return v;
};
const units = (d: Data, key: string): bigint => {
  try {
    return toUnits(str(d, key));
  } catch (err) {
    throw err instanceof RecordShapeError ? err : new RecordShapeError(`${key} is not a decimal`);
  }
};
const nullable = <T>(d: Data, key: string, read: (d: Data, key: string) => T): T | null =>
  field(d, key) === null ? null : read(d, key);
const list = (d: Data, key: string): Data[] => {
  const v = field(d, key);
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'object' && x !== null && !Array.isArray(x))) {
    throw new RecordShapeError(`${key} is not a list of objects`);
  }
  return v as Data[];
};
const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

// ---- NFT auction: who won at what price, what is due and by when ----

export interface AuctionOutcome {
  result: 'sold' | 'no_sale';
  winner: string | null;
  price: string | null;
  amount_due: string | null;
  payment_due_at: number | null;
  seller_receives: string | null;
  bid_count: number;
  /** Every bid came in while the sale was open, the first at least the starting price, each later one at least the one before plus the increment. */
  bids_follow_rules: boolean;
}

export function auctionOutcome(r: Recordable): AuctionOutcome {
  const d = r.data;
  const bids = list(d, 'bids').map((b) => ({ bidder: str(b, 'bidder'), price: units(b, 'price'), at: int(b, 'at') }));
  const startAt = int(d, 'start_at');
  const endAt = int(d, 'end_at');
  const increase = units(d, 'per_increase');
  let least = units(d, 'start_price');
  let rules = true;
  for (const b of bids) {
    if (b.price < least || b.at < startAt || b.at >= endAt) rules = false;
    least = b.price + increase;
  }
  const last = bids[bids.length - 1];
  if (!last) {
    const none = { winner: null, price: null, amount_due: null, payment_due_at: null, seller_receives: null };
    return { result: 'no_sale', ...none, bid_count: 0, bids_follow_rules: rules };
  }
  const margin = units(d, 'winner_margin');
  return {
    result: 'sold',
    winner: last.bidder,
    price: fromUnits(last.price),
    amount_due: fromUnits(max(last.price - margin, 0n)),
    payment_due_at: Math.max(endAt, r.at) + int(d, 'payment_window_ms'),
    seller_receives: fromUnits(last.price),
    bid_count: bids.length,
    bids_follow_rules: rules,
  };
}

// ---- NFT auction unpaid: the winner's margin forfeited after the deadline ----

export interface ForfeitOutcome {
  forfeited: string;
  forfeited_to: 'house';
  paid: false;
  artwork_relisted: boolean;
}

/**
 * A won auction left unpaid: the whole margin the winner held goes to the house ("0" when none was
 * held), the artwork back to its seller's listing (the platform's own is not relisted); only once
 * the payment deadline has passed (`late`).
 */
export function forfeitOutcome(r: Recordable): ForfeitOutcome & { late: boolean } {
  const d = r.data;
  const held = nullable(d, 'margin_held', units);
  const due = nullable(d, 'payment_due_at', int);
  return {
    forfeited: fromUnits(held ?? 0n),
    forfeited_to: 'house',
    paid: false,
    artwork_relisted: nullable(d, 'seller', str) !== null,
    late: due !== null && r.at >= due,
  };
}

// ---- NFT blind box: the reveal matches the commitment published before the sale ----

export function blindBoxOutcome(hash: HashFn, r: Recordable): { commitment: string } {
  const content = field(r.data, 'content');
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    throw new RecordShapeError('content is not an object');
  }
  const text = canonicalBoxText(str(r.data, 'box'), content as unknown as BlindBoxContent, str(r.data, 'salt'));
  return { commitment: hashBody(hash, text) };
}

// ---- Lock mining: each day's rate and interest, the principal back or the early penalty ----

/** Lock mining's rounding (its `terms.ts`): interest and penalty rounded down to 8 decimals. */
const LOCK_DECIMALS = 8;
const DAY_MS = 86_400_000;

export interface LockPayoutOutcome {
  paid: { day: number; rate: string; interest: string }[];
  interest_paid: string;
  /** The paid days follow each other within the lock's interest days (and before the redemption's day). */
  days_follow_rules: boolean;
  principal_released?: string;
  remaining_days?: number;
  penalty?: string;
  refund?: string;
}

export function lockPayoutOutcome(r: Recordable): LockPayoutOutcome {
  const d = r.data;
  const principal = units(d, 'principal');
  const lo = units(d, 'min_rate');
  const hi = units(d, 'max_rate');
  const firstDay = int(d, 'first_day');
  const lastDay = int(d, 'last_day');
  const event = str(d, 'event');
  const today = Math.floor(r.at / DAY_MS) * DAY_MS;
  let total = 0n;
  let rules = true;
  let previous: number | null = null;
  const paid = list(d, 'paid').map((p) => {
    const day = int(p, 'day');
    const published = nullable(p, 'published_rate', units);
    // The published rate kept inside the order's range; a day without one pays the minimum.
    const rate = published === null ? lo : min(max(published, lo), hi);
    const interest = roundDown(timesUnits(principal, rate), LOCK_DECIMALS);
    total += interest;
    if (day < firstDay || day > lastDay || (previous !== null && day !== previous + DAY_MS)) rules = false;
    if (event === 'redemption' && day >= today) rules = false;
    previous = day;
    return { day, rate: fromUnits(rate), interest: fromUnits(interest) };
  });
  const out: LockPayoutOutcome = { paid, interest_paid: fromUnits(total), days_follow_rules: rules };
  if (event === 'maturity') out.principal_released = fromUnits(principal);
  if (event === 'redemption') {
    const remaining = Math.max(0, (lastDay - today) / DAY_MS);
    const penalty = min(
      roundDown(timesUnits(principal, units(d, 'penalty_rate')) * BigInt(remaining), LOCK_DECIMALS),
      principal,
    );
    Object.assign(out, {
      remaining_days: remaining,
      penalty: fromUnits(penalty),
      refund: fromUnits(principal - penalty),
    });
  }
  return out;
}

// ---- Dual invest: the branch the price at maturity takes, and the payout ----

export interface DualOutcome {
  result: 'completed' | 'failed';
  paid_currency: string;
  payout: string;
  amount: string;
}

export function dualOutcome(r: Recordable): DualOutcome {
  const d = r.data;
  const amount = fromUnits(BigInt(int(d, 'shares')) * units(d, 'price_per_share'));
  const price = nullable(d, 'settle_price', str);
  const priceAt = nullable(d, 'settle_price_at', int);
  // No recorded trade within the limit before maturity: failed, the principal back, nothing guessed.
  if (price === null || priceAt === null || int(d, 'maturity_at') - priceAt > int(d, 'max_age_ms')) {
    return { result: 'failed', paid_currency: str(d, 'currency'), payout: amount, amount };
  }
  const terms = {
    amount,
    linkedPrice: str(d, 'linked_price'),
    holdingDays: int(d, 'holding_days'),
    apr: str(d, 'apr'),
  };
  const { coin, payout } = dualSettlement(terms, price);
  return { result: 'completed', paid_currency: str(d, coin ? 'currency' : 'settle_currency'), payout, amount };
}

// ---- Futures: a position closed at a tick (trigger, own close, copy) ----

/** Futures amounts' decimals (`server/src/positions/math.ts`). */
const FUTURES_DECIMALS = 8;

/** `a / b` rounded toward minus infinity (BigInt division truncates toward zero). */
const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};
/** A product of `n` amounts in units (10^-18 each) floored to the futures' 8 decimals, in units. */
const floorTo8 = (product: bigint, factors: number): bigint => {
  const step = 10n ** BigInt(18 * factors - FUTURES_DECIMALS);
  return floorDiv(product, step) * 10n ** BigInt(18 - FUTURES_DECIMALS);
};

export interface FuturesCloseOutcome {
  close_price: string;
  pnl: string;
  close_fee: string;
  returned: string;
}

/**
 * A futures close restated from `settle()` of `positions/math.ts`: profit (long (price - entry) x
 * quantity, short the reverse, floored to 8 decimals) no lower than minus the margin; the close fee
 * (price x quantity x fee rate, rounded down to 8 decimals) no more than what the margin has left;
 * the rest back to the owner, or to the insurance fund on a liquidation. The close is at the tick.
 */
export function futuresCloseOutcome(r: Recordable): FuturesCloseOutcome {
  const d = r.data;
  const side = str(d, 'side');
  if (side !== 'long' && side !== 'short') throw new RecordShapeError('side is not long or short');
  const entry = units(d, 'entry_price');
  const price = units(d, 'tick_price');
  const qty = units(d, 'quantity');
  const margin = units(d, 'margin');
  const liquidation = str(d, r.kind === 'futures_trigger' ? 'trigger' : 'reason') === 'liquidation';
  const raw = floorTo8((side === 'long' ? price - entry : entry - price) * qty, 2);
  const pnl = max(raw, -margin);
  const left = margin + pnl;
  const fee = min(floorTo8(price * qty * units(d, 'fee_rate'), 3), left);
  return {
    close_price: fromUnits(price),
    pnl: fromUnits(pnl),
    close_fee: fromUnits(fee),
    returned: fromUnits(liquidation ? 0n : left - fee),
  };
}

// ---- One check for the record page and the tests ----

export type Recheck = { ok: boolean; mismatches: string[] };

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Whether two recorded values say the same: decimals by value ("1.50" is "1.5"), the rest exactly. */
function same(recorded: RecordValue | undefined, computed: unknown, exact = false): boolean {
  if (!exact && typeof recorded === 'string' && typeof computed === 'string') {
    if (DECIMAL.test(recorded) && DECIMAL.test(computed)) return toUnits(recorded) === toUnits(computed);
  }
  return JSON.stringify(recorded ?? null) === JSON.stringify(computed ?? null);
}

function compare(d: Data, computed: object, rules: Record<string, boolean>, exact = false): Recheck {
  const mismatches = Object.entries(computed as Record<string, unknown>)
    .filter(([k, v]) => v !== undefined && !same(d[k], v, exact))
    .map(([k]) => k);
  for (const [k, ok] of Object.entries(rules)) if (!ok) mismatches.push(k);
  return { ok: mismatches.length === 0, mismatches };
}

/**
 * Recomputes a record's (or leaf's) outcome from its own fields and names the recorded fields
 * that differ (`shape` when a field is missing). Null for kinds recomputed elsewhere (spot fills and
 * seconds contracts carry their inputs, but their formulas live on the server) and for a record
 * that lists its settlements as leaves (each leaf is recomputed).
 */
export function recheckRecord(hash: HashFn, r: Recordable): Recheck | null {
  try {
    switch (r.kind) {
      case 'nft_auction': {
        const { bids_follow_rules, ...o } = auctionOutcome(r);
        return compare(r.data, o, { bids: bids_follow_rules });
      }
      case 'nft_forfeit': {
        const { late, ...o } = forfeitOutcome(r);
        return compare(r.data, o, { payment_due_at: late });
      }
      case 'nft_blind_box':
        return compare(r.data, blindBoxOutcome(hash, r), {}, true);
      case 'lock_mining': {
        const { days_follow_rules, paid, ...o } = lockPayoutOutcome(r);
        const days = list(r.data, 'paid');
        const rows = paid.every((p, i) => same(days[i]!.rate, p.rate) && same(days[i]!.interest, p.interest));
        return compare(r.data, o, { paid: rows && days_follow_rules });
      }
      case 'dual_invest':
        return compare(r.data, dualOutcome(r), {});
      case 'futures_trigger':
      case 'futures_close':
        // A record of many copies lists them as leaves: each leaf is recomputed, not the record.
        if (r.data.leaves !== undefined) return null;
        return compare(r.data, futuresCloseOutcome(r), {});
      case 'spot_fill':
      case 'seconds':
        return null;
    }
  } catch {
    // A field missing, of the wrong type or not a decimal: nothing to recompute from.
    return { ok: false, mismatches: ['shape'] };
  }
}
