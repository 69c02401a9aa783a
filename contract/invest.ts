import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { MARKET_SOURCES } from './market';
import { fromUnits, roundDown as roundUnitsDown, SCALE, toUnits } from './domain/units';
import { amount, decimal as wireDecimal, epochMs, id, INT32_MAX, INTEGER_TEXT, limit, page } from './domain/wire';

/**
 * Dual invest (SPEC.md invest/*, sections 3, 4, 7 and 9). NOT capital protected.
 *
 * A product is "sell high" (`call`) on a coin (BTC or ETH) against USDT: the user buys whole
 * shares; the invested amount = shares x price per share, in the coin, is held in the user's
 * exchange (`change`) account until maturity. At maturity the feed price recorded at the
 * maturity time (the price record, with its time and source) decides how the user is paid
 * (SPEC.md section 9):
 *
 * - settlement price below the linked price: paid in the coin,
 *   amount x (1 + days x APR / 365);
 * - otherwise (at or above): paid in USDT, amount x linked price x (1 + days x APR / 365).
 *
 * So the user may end with USDT worth less than the coin they invested would then be worth, or
 * with the coin when it has fallen: the principal is not protected. Payouts are rounded down to
 * 8 decimals.
 *
 * Only `call` is offered. `put` ("buy low", invest USDT) is part of the wire vocabulary, but no
 * product of that type exists: `/dual/index?type=put` answers an empty list.
 *
 * Order states: `purchased` (before maturity), `settling` (matured, waiting for the sweep that
 * settles it within about a minute), `completed` (paid), `failed` (no feed price was recorded
 * within `DUAL_PRICE_MAX_AGE_MS` before the maturity time: the principal is released, nothing is
 * guessed). Amounts and prices are decimal strings; times are epoch milliseconds.
 */

const decimal = wireDecimal();

export const DUAL_TYPES = ['call', 'put'] as const;
export type DualType = (typeof DUAL_TYPES)[number];
/** The types products exist for. */
export const DUAL_OFFERED_TYPES: readonly DualType[] = ['call'];

export const DUAL_STATES = ['purchased', 'settling', 'completed', 'failed'] as const;
export type DualState = (typeof DUAL_STATES)[number];

/** on_sale: can be bought; sold_out: no shares left; ended: past its sale end or withdrawn. */
export const DUAL_PRODUCT_STATUSES = ['on_sale', 'sold_out', 'ended'] as const;
export type DualProductStatus = (typeof DUAL_PRODUCT_STATUSES)[number];

/** The currency USDT payouts are made in. */
export const DUAL_SETTLE_CURRENCY_ID = 3;
/** The oldest a recorded price may be at the maturity time for an order to settle on it. */
export const DUAL_PRICE_MAX_AGE_MS = 10_000;
export const DAY_MS = 86_400_000;
/** Payouts are rounded down to this many decimals. */
export const DUAL_PAYOUT_DECIMALS = 8;

// ---- The settlement formula, exact, shared by the server and the screens. ----
// The contract imports only zod, so the arithmetic is on BigInt in units of 10^-18.

const roundDown = (u: bigint) => roundUnitsDown(u, DUAL_PAYOUT_DECIMALS);

/** shares x price per share: the invested amount in the product's coin. */
export const dualAmount = (shares: number, pricePerShare: string): string =>
  fromUnits(BigInt(shares) * toUnits(pricePerShare));

export interface DualTerms {
  /** Invested amount in the coin. */
  amount: string;
  linkedPrice: string;
  holdingDays: number;
  /** Annualized rate as a fraction: "0.365" is 36.5 %. */
  apr: string;
}

/**
 * Both possible payouts of SPEC.md section 9, rounded down to 8 decimals:
 * `coin` = amount x (1 + days x APR / 365), `usdt` = amount x linked price x (1 + days x APR / 365).
 */
export function dualPayouts(t: DualTerms): { coin: string; usdt: string } {
  const a = toUnits(t.amount);
  // (1 + days x APR / 365) x 365 x 10^18.
  const factor = 365n * SCALE + BigInt(t.holdingDays) * toUnits(t.apr);
  const coin = (a * factor) / (365n * SCALE);
  const usdt = (a * toUnits(t.linkedPrice) * factor) / (365n * SCALE * SCALE);
  return { coin: fromUnits(roundDown(coin)), usdt: fromUnits(roundDown(usdt)) };
}

/** Which branch a settlement price takes: below the linked price pays the coin, else USDT. */
export const dualPaysCoin = (settlePrice: string, linkedPrice: string): boolean =>
  toUnits(settlePrice) < toUnits(linkedPrice);

/** The payout at a settlement price: in the coin (`coin: true`) or in USDT. */
export function dualSettlement(t: DualTerms, settlePrice: string): { coin: boolean; payout: string } {
  const p = dualPayouts(t);
  const coin = dualPaysCoin(settlePrice, t.linkedPrice);
  return { coin, payout: coin ? p.coin : p.usdt };
}

/** Percent with two decimals of a share count sold out of a total ("37.5"). */
export function dualProgress(sold: number, total: number): string {
  if (total <= 0) return '100';
  return fromUnits(((BigInt(sold) * 100n * SCALE) / BigInt(total) / 10n ** 16n) * 10n ** 16n);
}

// ---- Wire schemas ----

export const dualProductSchema = z.object({
  id: z.number().int(),
  type: z.enum(DUAL_TYPES),
  /** The invested coin (BTC 1, ETH 2). */
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** USDT. */
  settle_currency_id: z.number().int(),
  settle_currency_name: z.string(),
  /** "BTC/USDT": the pair whose recorded price settles it. */
  symbol: z.string(),
  /** Coin per share. */
  price_per_share: decimal,
  /** Annualized rate as a fraction ("0.365" = 36.5 %). */
  apr: decimal,
  linked_price: decimal,
  holding_days: z.number().int(),
  /** Sales close at this time. */
  sale_ends_at: z.number().int(),
  /** Settlement time: sale end + holding days. */
  maturity_at: z.number().int(),
  total_shares: z.number().int(),
  remaining_shares: z.number().int(),
  /** Percent of shares sold, two decimals. */
  progress: decimal,
  status: z.enum(DUAL_PRODUCT_STATUSES),
});
export type DualProduct = z.infer<typeof dualProductSchema>;

export const dualOrderSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  type: z.enum(DUAL_TYPES),
  currency_id: z.number().int(),
  currency_name: z.string(),
  symbol: z.string(),
  /** Shares bought. */
  num: z.number().int(),
  price_per_share: decimal,
  /** Invested: num x price per share, in the coin. */
  amount: decimal,
  apr: decimal,
  linked_price: decimal,
  holding_days: z.number().int(),
  maturity_at: z.number().int(),
  state: z.enum(DUAL_STATES),
  /** The recorded feed price at maturity, its feed time and source; null until settled (and when failed). */
  settle_price: decimal.nullable(),
  settle_price_at: z.number().int().nullable(),
  settle_source: z.enum(MARKET_SOURCES).nullable(),
  /** What was paid and in which currency; a failed order shows its released principal. */
  payout: decimal.nullable(),
  payout_currency_id: z.number().int().nullable(),
  payout_currency_name: z.string().nullable(),
  created_at: z.number().int(),
  settled_at: z.number().int().nullable(),
});
export type DualOrder = z.infer<typeof dualOrderSchema>;

const dualType = z.enum(DUAL_TYPES, { error: 'field_invalid' });

/**
 * Whole shares: empty is "please enter the purchase quantity", a fraction or other text "purchase
 * quantity should be an integer" (SPEC.md sections 5 and 8), 0 or less "at least 1". The integer
 * is written as every integer of the contract is (`INTEGER_TEXT`), with these messages.
 */
export const dualShares = () =>
  z.preprocess(
    // Absent reads as empty, so the reply is the purchase quantity's own message, not "required".
    (v) => (v === undefined || v === null ? '' : typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
    z
      .string({ error: 'dual_num_integer' })
      // Only blanks is nothing entered; digits with blanks around them are not an integer.
      .refine((v) => v.trim() !== '', { error: 'dual_num_required', abort: true })
      .refine((v) => INTEGER_TEXT.test(v), { error: 'dual_num_integer', abort: true })
      .transform(Number)
      .refine((n) => n >= 1, { error: 'dual_num_min', abort: true })
      .refine((n) => n <= INT32_MAX, { error: 'field_invalid' }),
  );

/** Products on sale of a coin (all coins without `currency_id`), and the coins offered. */
export const dualIndex = endpoint({
  method: 'GET',
  path: '/dual/index',
  auth: false,
  summary: 'Dual invest products on sale (type call; put has no products)',
  tags: ['dual'],
  request: z.object({ currency_id: id().optional(), type: dualType.default('call') }),
  response: z.object({
    currencies: z.array(z.object({ currency_id: z.number().int(), currency_name: z.string() })),
    products: z.array(dualProductSchema),
  }),
});

export const dualDetail = endpoint({
  method: 'GET',
  path: '/dual/detail',
  auth: false,
  summary: 'One dual invest product',
  tags: ['dual'],
  request: z.object({ id: id('field_required') }),
  response: dualProductSchema,
});

/**
 * Buys whole shares: num x price per share of the coin is held in the exchange account until
 * maturity. Refused when the product is not on sale, fewer shares are left or the balance is
 * short. Idempotency-Key required.
 */
export const buyDual = endpoint({
  method: 'POST',
  path: '/dual/buyDual',
  auth: true,
  summary: 'Buy shares of a dual invest product (not capital protected); Idempotency-Key required',
  tags: ['dual'],
  request: z.object({ id: id('field_required'), num: dualShares() }),
  response: dualOrderSchema,
});

/** The caller's orders, newest first, optionally of one state. */
export const dualList = endpoint({
  method: 'POST',
  path: '/dual/dual_list',
  auth: true,
  summary: "The user's dual invest orders",
  tags: ['dual'],
  request: z.object({
    state: z.enum(DUAL_STATES, { error: 'field_invalid' }).optional(),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(dualOrderSchema),
});

// ---- Back office ----

/** Every product, newest first. */
export const adminDualProducts = endpoint({
  method: 'GET',
  path: '/admin/dual/products',
  auth: 'admin',
  summary: 'Dual invest products (all statuses)',
  tags: ['admin', 'dual'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(dualProductSchema.extend({ enabled: z.boolean(), sold_shares: z.number().int() })),
});

/**
 * Creates a product (without `id`) or updates one. Orders keep the terms they were bought at;
 * total shares cannot go below what is sold. Audited.
 */
export const adminDualSave = endpoint({
  method: 'POST',
  path: '/admin/dual/product/save',
  auth: 'admin',
  summary: 'Create or update a dual invest product',
  tags: ['admin', 'dual'],
  request: z.object({
    id: id().optional(),
    currency_id: id('field_required'),
    price_per_share: amount(),
    apr: amount(),
    linked_price: amount(),
    holding_days: id('field_required', 3650),
    sale_ends_at: epochMs(),
    total_shares: id('field_required'),
    enabled: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'field_invalid' })])
      .transform((v) => v === true || v === 'true' || v === '1')
      .default(true),
  }),
  response: dualProductSchema.extend({ enabled: z.boolean(), sold_shares: z.number().int() }),
});
