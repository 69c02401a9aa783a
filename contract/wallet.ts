import { z } from 'zod';
import { endpoint } from './define';
import { ledgerKindSchema } from './domain/ledger-kinds';
import { pagedSchema } from './envelope';
import { AMOUNT_DECIMALS, amount, decimal as wireDecimal, id, limit, page, text } from './domain/wire';

/**
 * The wallet: balances of the four accounts, moves between them, coin exchange, records.
 * Amounts are decimal strings on the wire in both directions (never floats). Every call that
 * moves money (`/wallet/change`, `/user/Transfer`, and later `/wallet/out`, `/wallet/charge_req`)
 * requires the header `Idempotency-Key`: the same key with the same body answers the first
 * result again and moves money once; the same key with another body is refused
 * (`idempotency_key_reused`). A fresh key per user action (for example a UUID) is the client's job.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 8 to 64 characters of letters, digits, `-`, `_`, `.` or `:`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,64}$/;

/** Account types of SPEC.md section 3, by name (the wire) and id (records). */
export const WALLET_TYPES = ['legal', 'change', 'lever', 'micro'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];
export const WALLET_TYPE_IDS: Record<WalletType, number> = { legal: 1, change: 2, lever: 3, micro: 4 };

/** The account `/user/Transfer` (coin exchange) debits and credits. */
export const EXCHANGE_WALLET: WalletType = 'legal';

export { AMOUNT_DECIMALS, amount };
/** Amounts at or above this are refused as not a sensible amount (guards against overflow). */
export const AMOUNT_MAX = '1000000000000000';

const decimal = wireDecimal();

const walletType = () => z.enum(WALLET_TYPES, { error: 'field_invalid' });

/** One currency in one account. `usdt_price` is the feed price (null when there is none). */
const common = {
  currency: z.number().int(),
  currency_name: z.string(),
  available: decimal,
  held: decimal,
  usdt_price: decimal.nullable(),
  /** (available + held) x usdt_price; "0" without a price. */
  usdt_value: decimal,
};
function balanceItem<A extends string, B extends string>(balanceKey: A, lockKey: B) {
  const named = { [balanceKey]: decimal, [lockKey]: decimal } as { [K in A | B]: typeof decimal };
  return z.object({ ...common, ...named });
}
const accountOf = <T extends z.ZodType>(item: T) => z.object({ balance: z.array(item), usdt_total: decimal });

export const legalBalanceSchema = balanceItem('legal_balance', 'lock_legal_balance');
export const changeBalanceSchema = balanceItem('change_balance', 'lock_change_balance');
export const leverBalanceSchema = balanceItem('lever_balance', 'lock_lever_balance');
export const microBalanceSchema = balanceItem('micro_balance', 'lock_micro_balance');
export const balanceSchema = z.object({ ...common, type: walletType() });
export type Balance = z.infer<typeof balanceSchema>;

export const walletList = endpoint({
  method: 'POST',
  path: '/wallet/list',
  auth: true,
  summary: 'The four accounts: per currency available and held, USDT valuation, totals (and in a fiat)',
  tags: ['wallet'],
  request: z.object({
    /** A fiat code of `/fiat/rates` (USD, CNY ...); omitted: USD. */
    currency_code: text({ max: 8, missing: 'field_invalid' }).toUpperCase().optional(),
  }),
  response: z.object({
    legal_wallet: accountOf(legalBalanceSchema),
    change_wallet: accountOf(changeBalanceSchema),
    lever_wallet: accountOf(leverBalanceSchema),
    micro_wallet: accountOf(microBalanceSchema),
    usdt_total: decimal,
    /**
     * The total in the chosen fiat at `rate` units per USDT (USDT counted as one US dollar), with
     * the rate table's `source` (`fallback`: the shipped table) and `as_of` (when it was published).
     */
    fiat: z.object({
      currency_code: z.string(),
      rate: decimal,
      total: decimal,
      source: z.enum(['live', 'fallback']),
      as_of: z.string(),
    }),
    /** Demo mode: balances include demo funds that are not real money. */
    demo: z.boolean(),
  }),
});

export const walletDetail = endpoint({
  method: 'POST',
  path: '/wallet/detail',
  auth: true,
  summary: 'One currency in one account',
  tags: ['wallet'],
  request: z.object({ currency: id(), type: walletType() }),
  response: balanceSchema,
});

/** A ledger entry of the user's own accounts, newest first. `amount` is signed. */
export const recordSchema = z.object({
  id: z.number().int(),
  currency: z.number().int(),
  currency_name: z.string(),
  type: walletType(),
  /** What the entry changed: spendable funds or funds held for a pending withdrawal or order. */
  bucket: z.enum(['available', 'held']),
  amount: decimal,
  /** That bucket's balance right after the entry. */
  balance_after: decimal,
  kind: ledgerKindSchema,
  reason: z.string(),
  demo: z.boolean(),
  created_at: z.string(),
});
export type WalletRecord = z.infer<typeof recordSchema>;

export const legalLog = endpoint({
  method: 'POST',
  path: '/wallet/legal_log',
  auth: true,
  summary: 'Financial records of the user (optionally one currency and account), newest first',
  tags: ['wallet'],
  request: z.object({ currency: id().optional(), type: walletType().optional(), page: page(), limit: limit() }),
  response: pagedSchema(recordSchema),
});

/** Moves funds between two of the user's own accounts, same currency. Needs `Idempotency-Key`. */
export const walletChange = endpoint({
  method: 'POST',
  path: '/wallet/change',
  auth: true,
  summary: 'Move a currency between own accounts (legal, change, lever, micro); Idempotency-Key required',
  tags: ['wallet'],
  request: z
    .object({ currency_id: id(), number: amount(), from_field: walletType(), to_field: walletType() })
    .refine((v) => v.from_field !== v.to_field, { error: 'same_account', path: ['to_field'] }),
  response: z.object({
    id: z.number().int(),
    currency_id: z.number().int(),
    number: decimal,
    from_field: walletType(),
    to_field: walletType(),
    created_at: z.string(),
  }),
});

/** Currencies the exchange (`/user/Transfer`) accepts, with the user's spendable amount. */
export const transferList = endpoint({
  method: 'POST',
  path: '/user/getTransferList',
  auth: true,
  summary: 'Currencies that can be exchanged, with available balance in the exchange account and price',
  tags: ['wallet'],
  request: z.object({}),
  response: z.array(
    z.object({
      currency_id: z.number().int(),
      currency_name: z.string(),
      available: decimal,
      usdt_price: decimal.nullable(),
    }),
  ),
});

/**
 * The published terms of an exchange: `price` is units of `to` per unit of `from` at the feed
 * price; the fee is `fee_rate` of the converted amount, paid in the `to` currency.
 */
export const transferFeeSchema = z.object({
  from_currency_id: z.number().int(),
  to_currency_id: z.number().int(),
  price: decimal,
  fee_rate: decimal,
  /** Decimal places the converted amount and the fee are rounded down to. */
  decimals: z.number().int(),
  /** The least `number` (of the paid currency) exchanged; from there the fee rate holds. */
  min_number: decimal,
  account: walletType(),
  /** Time of the prices used (epoch ms). */
  ts: z.number().int(),
});

export const transferFee = endpoint({
  method: 'POST',
  path: '/user/getTransferFee',
  auth: true,
  summary: 'Price and fee of exchanging one currency for another',
  tags: ['wallet'],
  request: z
    .object({ from_currency_id: id(), to_currency_id: id() })
    .refine((v) => v.from_currency_id !== v.to_currency_id, { error: 'same_currency', path: ['to_currency_id'] }),
  response: transferFeeSchema,
});

/** Exchanges `number` of one currency for another at the server's price and fee. Idempotency-Key. */
export const transfer = endpoint({
  method: 'POST',
  path: '/user/Transfer',
  auth: true,
  summary: 'Exchange one currency for another at the feed price with the published fee; Idempotency-Key required',
  tags: ['wallet'],
  request: z
    .object({ number: amount(), from_currency_id: id(), to_currency_id: id() })
    .refine((v) => v.from_currency_id !== v.to_currency_id, { error: 'same_currency', path: ['to_currency_id'] }),
  response: transferFeeSchema.extend({
    id: z.number().int(),
    number: decimal,
    /** Converted amount before the fee. */
    gross: decimal,
    fee: decimal,
    /** What the user received: gross - fee. */
    received: decimal,
    created_at: z.string(),
  }),
});

export const userCurrencyList = endpoint({
  method: 'GET',
  path: '/currency/user_currency_list',
  auth: true,
  summary: "The wallet's currencies with the user's total over all accounts and its USDT value",
  tags: ['wallet'],
  request: z.object({}),
  response: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      total: decimal,
      usdt_price: decimal.nullable(),
      usdt_value: decimal,
    }),
  ),
});

/** Moves between own accounts (`/wallet/change`), newest first. */
export const hzHistory = endpoint({
  method: 'GET',
  path: '/wallet/hzhistory',
  auth: true,
  summary: 'History of moves between own accounts, newest first',
  tags: ['wallet'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(
    z.object({
      id: z.number().int(),
      currency_id: z.number().int(),
      currency_name: z.string(),
      number: decimal,
      from_field: walletType(),
      to_field: walletType(),
      created_at: z.string(),
    }),
  ),
});

export const rateCurrency = endpoint({
  method: 'GET',
  path: '/wallet/getRateCurrency',
  auth: true,
  summary: 'The USDT price of a currency from the feed',
  tags: ['wallet'],
  request: z.object({ id: id() }),
  response: z.object({
    id: z.number().int(),
    name: z.string(),
    usdt_price: decimal.nullable(),
    ts: z.number().int(),
  }),
});

/** Back office: the ledger's invariant check (admins only). */
export const ledgerHealth = endpoint({
  method: 'GET',
  path: '/admin/health/ledger',
  auth: 'admin',
  summary: 'Ledger invariants: balanced transactions, balances equal entry sums, no negative balance',
  tags: ['admin'],
  request: z.object({}),
  response: z.object({
    ok: z.boolean(),
    problems: z.array(z.string()),
    accounts: z.number().int(),
    transactions: z.number().int(),
    entries: z.number().int(),
    checked_at: z.string(),
  }),
});

/**
 * What the user holds in each product beside the four accounts, for the assets overview (SPEC.md
 * section 2: "futures, deposit, mining, stock, margin"). Much of it already sits in an account as
 * held funds (futures margin in `lever`; lock-mining principal, dual-invest coins and IEO
 * payments in `change`), so `in_accounts` says how much of a product's `usdt_value` `/wallet/list`
 * already counts, and `usdt_outside_accounts` is what the overview adds to that total (unrealised
 * futures profit, IEO coins waiting for their credit, stocks valued at their own market).
 */
export const HOLDING_PRODUCTS = ['futures', 'lock', 'dual', 'ieo', 'stock', 'margin'] as const;
export type HoldingProduct = (typeof HOLDING_PRODUCTS)[number];
/**
 * Parts: `balance` (futures account, free), `margin` (futures account, held for positions and
 * orders), `pnl` (unrealised, at the feed's price), `principal` (locked), `invested` (dual invest,
 * unsettled), `payment` (IEO, held until the end), `to_credit` (IEO coins passed, waiting for the
 * credit time), `position` (a stock's quantity).
 */
export const HOLDING_PARTS = [
  'balance',
  'margin',
  'pnl',
  'principal',
  'invested',
  'payment',
  'to_credit',
  'position',
] as const;
export type HoldingPartKey = (typeof HOLDING_PARTS)[number];

export const holdingPartSchema = z.object({
  key: z.enum(HOLDING_PARTS),
  currency_name: z.string(),
  /** In the part's currency; signed for `pnl`. */
  amount: decimal,
  /** At the feed's current price; null when the feed has no price for it (then not in any total). */
  usdt_value: decimal.nullable(),
});
export type HoldingPart = z.infer<typeof holdingPartSchema>;

export const holdingSchema = z.object({
  key: z.enum(HOLDING_PRODUCTS),
  /** False for a product this exchange does not offer (margin): no figure, nothing to open. */
  offered: z.boolean(),
  /** The user ever had something in it (an account, an order, a position). */
  used: z.boolean(),
  usdt_value: decimal,
  in_accounts: decimal,
  parts: z.array(holdingPartSchema),
});
export type Holding = z.infer<typeof holdingSchema>;

export const walletHoldings = endpoint({
  method: 'GET',
  path: '/wallet/holdings',
  auth: true,
  summary: "The signed-in user's holdings per product (futures, lock mining, dual invest, IEO, stocks) valued in USDT",
  tags: ['wallet'],
  request: z.object({}),
  response: z.object({
    holdings: z.array(holdingSchema),
    usdt_outside_accounts: decimal,
    /** When the values were taken (epoch ms): the feed's prices of that moment. */
    priced_at: z.number().int(),
  }),
});
