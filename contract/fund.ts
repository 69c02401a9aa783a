import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { password, passwordsMatch, requiredString, verificationCode, PASSWORD_MAX } from './domain/rules';
import { AMOUNT_DECIMALS, amount, decimal as wireDecimal, id, paging, requiredText, text } from './domain/wire';
import { stepUpField } from './security';

/**
 * Recharge, withdrawal, pay password and payout bindings (SPEC.md sections 3, 5, 7). Fees,
 * minimums and arrival times are published by `/wallet/get_info` and applied by the server only;
 * no request carries a fee.
 */

export const CHAIN_CURRENCIES = ['BTC', 'ETH', 'USDT'] as const;
export type ChainCurrency = (typeof CHAIN_CURRENCIES)[number];
/** SPEC.md section 3 default coin ids; requests may name a currency by code or by id. */
export const CURRENCY_IDS: Record<ChainCurrency, number> = { BTC: 1, ETH: 2, USDT: 3 };

export const NETWORKS = ['BTC', 'ERC20', 'TRC20'] as const;
export type Network = (typeof NETWORKS)[number];
export const CURRENCY_NETWORKS: Record<ChainCurrency, readonly Network[]> = {
  BTC: ['BTC'],
  ETH: ['ERC20'],
  USDT: ['TRC20', 'ERC20'],
};
/** SPEC.md section 9: TRC20 is the default network. */
export const DEFAULT_NETWORK: Record<ChainCurrency, Network> = { BTC: 'BTC', ETH: 'ERC20', USDT: 'TRC20' };

/** Where a withdrawal goes: a bound wallet address, the domestic card, or the SWIFT card. */
export const WITHDRAW_METHODS = ['address', 'bank', 'international'] as const;
export type WithdrawMethod = (typeof WITHDRAW_METHODS)[number];

/** Account types of SPEC.md section 3 that recharges credit and withdrawals debit. */
export const FUND_ACCOUNTS = ['legal', 'change', 'lever', 'micro'] as const;
export type FundAccount = (typeof FUND_ACCOUNTS)[number];
/** The legal account, where the wallet's coin exchange and demo funds also live. */
export const DEFAULT_FUND_ACCOUNT: FundAccount = 'legal';

export const REVIEW_STATES = ['review', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export { AMOUNT_DECIMALS };

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const BECH32 = '[02-9ac-hj-np-z]';
const ADDRESS_FORMATS: Record<Network, RegExp> = {
  // Legacy P2PKH (1...), P2SH (3...), or bech32/bech32m segwit (bc1...). Checksums are checked on
  // the server, which has sha256; the client only checks the shape.
  BTC: new RegExp(`^(?:[13]${BASE58}{25,34}|bc1${BECH32}{11,71})$`),
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  TRC20: new RegExp(`^T${BASE58}{33}$`),
};

export const isAddressFor = (network: Network, address: string): boolean => ADDRESS_FORMATS[network].test(address);

/** "BTC", "btc" or the coin id "1" → "BTC". */
export const currencyField = () =>
  requiredText({ max: 16 })
    .transform((v) => {
      const upper = v.toUpperCase();
      const byId = CHAIN_CURRENCIES.find((c) => String(CURRENCY_IDS[c]) === v);
      return byId ?? upper;
    })
    .pipe(z.enum(CHAIN_CURRENCIES, { error: 'currency_unsupported' }));

export const networkField = () =>
  text({ max: 16 })
    .transform((v) =>
      v
        .toUpperCase()
        .replace(/^ERC-?20$/, 'ERC20')
        .replace(/^TRC-?20$/, 'TRC20'),
    )
    .pipe(z.enum(NETWORKS, { error: 'network_unsupported' }));

/**
 * A positive decimal string with at most 10 decimals (SPEC.md section 5) and 15 integer digits;
 * otherwise "please enter the correct quantity, price or amount". Money never becomes a float.
 */
export const amountField = amount;

/**
 * A reference returned by `/upload` (`/api/upload/<name>`). Absent or blank answers with the
 * field's own message ("please upload payment voucher"), not the generic "required".
 */
export const uploadRef = (missing: string) =>
  text({ missing })
    .optional()
    .transform((v) => v ?? '')
    .pipe(z.string().min(1, { error: missing }));

/** SPEC.md section 7 paging: page 1 and limit 10 by default; at most 100 rows a page. */
export const pagingRequest = paging;

/** Decimal strings on the wire (DESIGN.md principle 3). */
const decimal = wireDecimal();

export const networkInfoSchema = z.object({
  network: z.enum(NETWORKS),
  /** Withdrawal fee in the currency, deducted from the amount. */
  withdraw_fee: decimal,
  withdraw_min: decimal,
  recharge_min: decimal,
  confirmations: z.number().int(),
  arrival_minutes: z.number().int(),
});

export const getInfo = endpoint({
  method: 'POST',
  path: '/wallet/get_info',
  auth: true,
  summary: 'Networks of a currency with withdrawal fee, minimums and estimated arrival minutes',
  tags: ['fund'],
  request: z.object({ currency: currencyField() }),
  response: z.object({
    currency: z.enum(CHAIN_CURRENCIES),
    currency_id: z.number().int(),
    default_network: z.enum(NETWORKS),
    networks: z.array(networkInfoSchema),
    /** Bank withdrawals (USDT, paid out at the fiat rate by the operator). */
    bank: z.object({ fee: decimal, min: decimal, arrival: z.string() }),
    international: z.object({ fee: decimal, min: decimal, arrival: z.string() }),
  }),
});

/**
 * The signed-in user's deposit address: deterministic per user and network in the network's
 * format. `user_id` is accepted for the original client and must be the caller's own id.
 */
export const getInAddress = endpoint({
  method: 'POST',
  path: '/wallet/get_in_address',
  auth: true,
  summary: "The user's deposit address for a currency and network (default TRC20 for USDT)",
  tags: ['fund'],
  request: z.object({
    currency: currencyField(),
    network: networkField().optional(),
    user_id: text().optional(),
  }),
  response: z.object({
    currency: z.enum(CHAIN_CURRENCIES),
    network: z.enum(NETWORKS),
    address: z.string(),
    /** Demo: derived with no key behind it; nothing sent there can be recovered. Label it. */
    simulated: z.boolean(),
    arrival_minutes: z.number().int(),
    recharge_min: decimal,
  }),
});

export const rechargeSchema = z.object({
  id: z.number().int(),
  currency: z.enum(CHAIN_CURRENCIES),
  network: z.enum(NETWORKS),
  account: z.enum(FUND_ACCOUNTS),
  amount: decimal,
  voucher: z.string(),
  status: z.enum(REVIEW_STATES),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Recharge = z.infer<typeof rechargeSchema>;

/**
 * A recharge request with a payment voucher, waiting for review. Takes header `Idempotency-Key`;
 * `type` is the network.
 */
export const chargeReq = endpoint({
  method: 'POST',
  path: '/wallet/charge_req',
  auth: true,
  summary: 'Request a recharge with an uploaded payment voucher (reviewed before it is credited)',
  tags: ['fund'],
  request: z.object({
    account: z.enum(FUND_ACCOUNTS, { error: 'field_invalid' }).default(DEFAULT_FUND_ACCOUNT),
    amount: amountField(),
    currency: currencyField(),
    type: networkField().optional(),
    voucher: uploadRef('voucher_required'),
  }),
  response: rechargeSchema,
});

export const rechargeLog = endpoint({
  method: 'GET',
  path: '/recharge/log',
  auth: true,
  summary: "The user's recharge requests, newest first",
  tags: ['fund'],
  request: pagingRequest(),
  response: pagedSchema(rechargeSchema),
});

export const withdrawalSchema = z.object({
  id: z.number().int(),
  currency: z.enum(CHAIN_CURRENCIES),
  method: z.enum(WITHDRAW_METHODS),
  network: z.enum(NETWORKS).nullable(),
  /** The wallet address, or the masked card or account number. */
  destination: z.string(),
  account: z.enum(FUND_ACCOUNTS),
  amount: decimal,
  fee: decimal,
  received: decimal,
  status: z.enum(REVIEW_STATES),
  reason: z.string(),
  /** Localized arrival note (minutes, or 5-7 business days for SWIFT). */
  notice: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** What a withdrawal's second-factor confirmation is bound to (`contract/security.ts`). */
export const withdrawParams = z.object({
  currency: currencyField(),
  method: z.enum(WITHDRAW_METHODS, { error: 'field_invalid' }).default('address'),
  account: z.enum(FUND_ACCOUNTS, { error: 'field_invalid' }).default(DEFAULT_FUND_ACCOUNT),
  amount: amountField(),
  address_id: id('select_withdraw_address').optional(),
});

/**
 * A withdrawal: the amount (fee included) is held until review approves or rejects it. Takes
 * header `Idempotency-Key`. `address_id` is a bound wallet address (method `address`); the bank
 * methods use the bound card of `/user/cash_save` or `/user/cash_save_international`.
 */
export const withdraw = endpoint({
  method: 'POST',
  path: '/wallet/out',
  auth: true,
  summary: 'Withdraw to a bound address or bank card (pay password; fee and minimum from the server)',
  tags: ['fund'],
  request: withdrawParams.extend({
    pay_password: requiredText({ trim: false, max: PASSWORD_MAX }),
    step_up: stepUpField(),
  }),
  response: withdrawalSchema,
});

export const withdrawList = endpoint({
  method: 'GET',
  path: '/user/withdraw/list',
  auth: true,
  summary: "The user's withdrawals, newest first",
  tags: ['fund'],
  request: pagingRequest(),
  response: pagedSchema(withdrawalSchema),
});

/** Sets or changes the pay password with a `security` code sent to the bound email (or mobile). */
export const payPassword = endpoint({
  method: 'POST',
  path: '/safe/pay_password',
  auth: true,
  summary: 'Set or change the pay password (verification code of scene security)',
  tags: ['fund'],
  request: z
    .object({
      pay_password: password(),
      re_pay_password: password(),
      code: verificationCode(),
      /** Needed when the account has a factor stronger than the code (`contract/security.ts`). */
      step_up: stepUpField(),
    })
    .superRefine(passwordsMatch('pay_password', 're_pay_password')),
  response: z.string(),
});

const cardFields = {
  aba_number: requiredString(),
  real_name: requiredString(),
  card_number: requiredString(),
  province_city: requiredString(),
  bank_name: requiredString(),
  bank_branch: requiredString(),
  swift_code: requiredString(),
  phone: requiredString(),
  holder_address: requiredString(),
};
export const bankCardSchema = z.object(
  Object.fromEntries(Object.keys(cardFields).map((k) => [k, z.string()])) as Record<
    keyof typeof cardFields,
    z.ZodString
  >,
);

const internationalFields = {
  account_number: requiredString(),
  bank_address: requiredString(),
  swift_code: requiredString(),
  payee_name: requiredString(),
  street_address: requiredString(),
  city: requiredString(),
  country: requiredString(),
};
export const internationalCardSchema = z.object(
  Object.fromEntries(Object.keys(internationalFields).map((k) => [k, z.string()])) as Record<
    keyof typeof internationalFields,
    z.ZodString
  >,
);

export type BankCard = z.infer<typeof bankCardSchema>;
export type InternationalCard = z.infer<typeof internationalCardSchema>;

export const cashSave = endpoint({
  method: 'POST',
  path: '/user/cash_save',
  auth: true,
  summary: 'Bind or replace the domestic bank card (all fields required)',
  tags: ['fund'],
  request: z.object(cardFields),
  response: bankCardSchema,
});

/** `message` is null when no card is bound. */
export const cashInfo = endpoint({
  method: 'POST',
  path: '/user/cash_info',
  auth: true,
  summary: 'The bound domestic bank card',
  tags: ['fund'],
  request: z.object({}),
  response: bankCardSchema.nullable(),
});

export const cashSaveInternational = endpoint({
  method: 'POST',
  path: '/user/cash_save_international',
  auth: true,
  summary: 'Bind or replace the international (SWIFT) bank account (all fields required)',
  tags: ['fund'],
  request: z.object(internationalFields),
  response: internationalCardSchema,
});

export const cashInfoInternational = endpoint({
  method: 'POST',
  path: '/user/cash_info_international',
  auth: true,
  summary: 'The bound international (SWIFT) bank account',
  tags: ['fund'],
  request: z.object({}),
  response: internationalCardSchema.nullable(),
});

export const walletAddressSchema = z.object({
  id: z.number().int(),
  currency: z.enum(CHAIN_CURRENCIES),
  network: z.enum(NETWORKS),
  name: z.string(),
  address: z.string(),
  qrcode: z.string(),
  created_at: z.string(),
});
export type WalletAddress = z.infer<typeof walletAddressSchema>;

const addressRule = (v: { currency: ChainCurrency; network: Network; address: string }, ctx: z.RefinementCtx) => {
  // Object rules run even when a field failed; only judge what parsed.
  if (!CURRENCY_NETWORKS[v.currency]?.includes(v.network)) {
    ctx.addIssue({ code: 'custom', message: 'network_unsupported', path: ['network'] });
  } else if (!isAddressFor(v.network, v.address)) {
    ctx.addIssue({ code: 'custom', message: 'address_invalid', path: ['address'] });
  }
};

const addressFields = {
  currency: currencyField(),
  name: requiredString(),
  address: requiredString(),
  network: networkField(),
  qrcode: uploadRef('qrcode_required'),
};

/** What adding a withdrawal address's second-factor confirmation is bound to. */
export const addressParams = z.object(addressFields).superRefine(addressRule);

export const walletSave = endpoint({
  method: 'POST',
  path: '/user/wallet/save',
  auth: true,
  summary: 'Bind a withdrawal address (validated for its network; wallet QR image required; second factor)',
  tags: ['fund'],
  request: z.object({ ...addressFields, step_up: stepUpField() }).superRefine(addressRule),
  response: walletAddressSchema,
});

export const walletList = endpoint({
  method: 'GET',
  path: '/user/wallet/list',
  auth: true,
  summary: "The user's bound withdrawal addresses",
  tags: ['fund'],
  request: pagingRequest().extend({ currency: currencyField().optional() }),
  response: pagedSchema(walletAddressSchema),
});
