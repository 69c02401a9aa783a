import { z } from 'zod';
import { reviewRequest } from './admin';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, decimal, id, integer, limit, page, requiredText, text } from './domain/wire';
import { FIAT_CODES } from './market';

/**
 * OTC: peer-to-peer fiat trading with escrow (SPEC.md section 6, issue 36). Approved merchants
 * publish ads; a user opens an order against an ad, the seller's coins are held in escrow (a ledger
 * hold on the seller's legal account), the buyer pays outside the app and marks the order paid,
 * the seller releases the coins. Unpaid orders are cancelled when their payment window ends;
 * after "paid" either side may appeal and staff decide.
 */

export const OTC_COINS = ['USDT', 'BTC', 'ETH'] as const;
export type OtcCoin = (typeof OTC_COINS)[number];
export const OTC_COIN_IDS: Record<OtcCoin, number> = { BTC: 1, ETH: 2, USDT: 3 };

/** The merchant's side: a `sell` ad sells coins to users (users buy), a `buy` ad buys them. */
export const AD_SIDES = ['buy', 'sell'] as const;
export type AdSide = (typeof AD_SIDES)[number];
export const PRICE_TYPES = ['fixed', 'margin'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];
/** Payment methods: the seller's bound domestic bank card or international (SWIFT) account. */
export const PAY_METHODS = ['bank', 'international'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const AD_STATES = ['online', 'paused', 'closed'] as const;
export type AdState = (typeof AD_STATES)[number];
export const MERCHANT_STATES = ['review', 'approved', 'rejected'] as const;
export type MerchantState = (typeof MERCHANT_STATES)[number];

/**
 * An order's life: `unpaid` (escrow held, waiting for the buyer) → `paid` → `completed` (coins to
 * the buyer); `unpaid` → `cancelled` (buyer cancel or timeout); `paid` → `appeal` (frozen) →
 * `completed` (staff release) or `cancelled` (staff refund, coins back to the seller).
 */
export const ORDER_STATES = ['unpaid', 'paid', 'appeal', 'completed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const OPEN_ORDER_STATES: readonly OrderState[] = ['unpaid', 'paid', 'appeal'];
export const CANCEL_CAUSES = ['buyer', 'timeout', 'refund'] as const;
export type CancelCause = (typeof CANCEL_CAUSES)[number];
export const APPEAL_DECISIONS = ['release', 'refund'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

/** Payment windows a merchant may choose, in minutes. */
export const PAY_WINDOWS = [10, 15, 20, 30, 45, 60] as const;
/** A margin price is the feed price times (1 + margin); margin within ±20 %. */
export const MARGIN_LIMIT = '0.2';
/** Fiat amounts are shown and agreed at 2 decimals. */
export const FIAT_DECIMALS = 2;
/** Coin quantities of an order: 8 decimals at most (USDT 6 in practice, but one rule is simpler). */
export const QUANTITY_DECIMALS = 8;

const coin = () => z.enum(OTC_COINS, { error: 'field_invalid' });
const fiat = () => z.enum(FIAT_CODES, { error: 'field_invalid' });
const upload = () => text({ max: 200 });

/** The methods field: comma-separated names (a form cannot send arrays), at least one. */
const methodsField = () =>
  text({ max: 40 })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((m) => m.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(PAY_METHODS, { error: 'field_invalid' })).min(1, { error: 'field_required' }));

/** A signed margin with at most 4 decimals, within ±MARGIN_LIMIT. */
const marginField = () =>
  text({ max: 8 })
    .refine((v) => v === '' || /^-?(?:0|[1-9]\d*)(?:\.\d{1,4})?$/.test(v), { error: 'field_invalid', abort: true })
    .refine((v) => v === '' || Math.abs(Number(v)) <= Number(MARGIN_LIMIT), { error: 'otc_margin_range' });

/** The published terms: single-trade limits per identity level and the appeal review rule. */
export const otcTermsSchema = z.object({
  /** Most USDT value of one order per identity level (index = level; level 0 cannot trade). */
  trade_limits: z.array(decimal()),
  /** Appeal decisions on orders worth more than this (USDT) need two staff members. */
  second_review_above: decimal(),
  pay_windows: z.array(z.number().int()),
});
export type OtcTerms = z.infer<typeof otcTermsSchema>;

/** A merchant's figures, computed from real orders only. */
export const merchantStatsSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  completed: z.number().int(),
  /** Completed orders over finished ones (completed + cancelled), "0"-"1"; null before any. */
  completion_rate: decimal().nullable(),
  /** Average seconds from "paid" to release over completed orders; null before any. */
  avg_release_seconds: z.number().int().nullable(),
});
export type MerchantStats = z.infer<typeof merchantStatsSchema>;

export const adSchema = z.object({
  id: z.number().int(),
  side: z.enum(AD_SIDES),
  coin: z.enum(OTC_COINS),
  fiat: z.enum(FIAT_CODES),
  price_type: z.enum(PRICE_TYPES),
  /** The fixed price, or null for a margin price. */
  fixed_price: decimal().nullable(),
  margin: decimal().nullable(),
  /** The price an order opened now would take (fiat per coin); null without a feed price. */
  price: decimal().nullable(),
  total: decimal(),
  /** What orders may still take. */
  remaining: decimal(),
  min_qty: decimal(),
  max_qty: decimal(),
  methods: z.array(z.enum(PAY_METHODS)),
  window_minutes: z.number().int(),
  terms: z.string(),
  status: z.enum(AD_STATES),
  merchant: merchantStatsSchema,
  created_at: z.number().int(),
});
export type Ad = z.infer<typeof adSchema>;

export const applicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  introduction: z.string(),
  state: z.enum(MERCHANT_STATES),
  reason: z.string(),
  created_at: z.number().int(),
  reviewed_at: z.number().int().nullable(),
});
export type MerchantApplication = z.infer<typeof applicationSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  ad_id: z.number().int(),
  /** The caller's side of this order (null in the console's views). */
  my_side: z.enum(['buy', 'sell']).nullable(),
  coin: z.enum(OTC_COINS),
  fiat: z.enum(FIAT_CODES),
  price: decimal(),
  quantity: decimal(),
  fiat_amount: decimal(),
  method: z.enum(PAY_METHODS),
  /** Where the buyer pays: the seller's bound card of the chosen method (field → value). */
  pay_to: z.record(z.string(), z.string()),
  status: z.enum(ORDER_STATES),
  cancel_cause: z.enum(CANCEL_CAUSES).nullable(),
  buyer: z.object({ user_id: z.number().int(), nickname: z.string() }),
  seller: z.object({ user_id: z.number().int(), nickname: z.string() }),
  merchant_id: z.number().int(),
  proof: z.string().nullable(),
  created_at: z.number().int(),
  pay_deadline: z.number().int(),
  paid_at: z.number().int().nullable(),
  finished_at: z.number().int().nullable(),
  appeal: z
    .object({
      by: z.number().int(),
      text: z.string(),
      images: z.array(z.string()),
      at: z.number().int(),
      decision: z.enum(APPEAL_DECISIONS).nullable(),
      /** A decision waiting for a second staff member (two-person rule). */
      pending: z.enum(APPEAL_DECISIONS).nullable(),
    })
    .nullable(),
});
export type OtcOrder = z.infer<typeof orderSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  sender_id: z.number().int(),
  text: z.string(),
  image: z.string().nullable(),
  created_at: z.number().int(),
});
export type OtcMessage = z.infer<typeof messageSchema>;

export const otcTerms = endpoint({
  method: 'GET',
  path: '/otc/terms',
  auth: false,
  summary: 'OTC published terms: single-trade limits per identity level, payment windows',
  tags: ['otc'],
  request: z.object({}),
  response: otcTermsSchema,
});

export const otcAds = endpoint({
  method: 'GET',
  path: '/otc/ads',
  auth: false,
  summary: 'Online ads for a side (the user’s: buy lists sell ads), coin and fiat; best price first',
  tags: ['otc'],
  request: z.object({
    side: z.enum(AD_SIDES, { error: 'field_invalid' }).default('buy'),
    coin: coin().default('USDT'),
    fiat: fiat().optional(),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(adSchema),
});

export const otcAd = endpoint({
  method: 'GET',
  path: '/otc/ad',
  auth: false,
  summary: 'One ad (online, paused or closed)',
  tags: ['otc'],
  request: z.object({ id: id('field_required') }),
  response: adSchema,
});

export const otcApply = endpoint({
  method: 'POST',
  path: '/otc/merchant/apply',
  auth: true,
  summary: 'Apply to become a merchant (identity level 2; one application waiting at a time)',
  tags: ['otc'],
  request: z.object({ introduction: text({ max: 500, multiline: true }).default('') }),
  response: applicationSchema,
});

export const otcMerchant = endpoint({
  method: 'GET',
  path: '/otc/merchant',
  auth: true,
  summary: 'The user’s latest merchant application (or null) and figures',
  tags: ['otc'],
  request: z.object({}),
  response: z.object({ application: applicationSchema.nullable(), stats: merchantStatsSchema }),
});

const adFields = {
  side: z.enum(AD_SIDES, { error: 'field_invalid' }),
  coin: coin(),
  fiat: fiat(),
  price_type: z.enum(PRICE_TYPES, { error: 'field_invalid' }),
  fixed_price: amount().optional(),
  margin: marginField().optional(),
  total: amount(),
  min_qty: amount(),
  max_qty: amount(),
  methods: methodsField(),
  window_minutes: integer({ min: 1, max: 60 }).refine((v) => (PAY_WINDOWS as readonly number[]).includes(v), {
    error: 'field_invalid',
  }),
  terms: text({ max: 500, multiline: true }).default(''),
};

/** Rules of an ad's fields that span several (also used by the screens' form). */
function adRules(
  v: { price_type?: string; fixed_price?: string; margin?: string; min_qty?: string; max_qty?: string; total?: string },
  ctx: z.RefinementCtx,
) {
  if (v.price_type === 'fixed' && !v.fixed_price)
    ctx.addIssue({ code: 'custom', message: 'field_required', path: ['fixed_price'] });
  if (v.price_type === 'margin' && (v.margin === undefined || v.margin === '')) {
    ctx.addIssue({ code: 'custom', message: 'field_required', path: ['margin'] });
  }
  const n = (s: string | undefined) => (s === undefined ? NaN : Number(s));
  if (n(v.min_qty) > n(v.max_qty)) ctx.addIssue({ code: 'custom', message: 'otc_min_above_max', path: ['min_qty'] });
  if (n(v.max_qty) > n(v.total)) ctx.addIssue({ code: 'custom', message: 'otc_max_above_total', path: ['max_qty'] });
}

export const otcAdSave = endpoint({
  method: 'POST',
  path: '/otc/ad/save',
  auth: true,
  summary: 'A merchant publishes an ad, or edits one (id): a paused or online ad; taken quantity stays',
  tags: ['otc'],
  request: z.object({ id: id().optional(), ...adFields }).superRefine(adRules),
  response: adSchema,
});

export const otcAdStatus = endpoint({
  method: 'POST',
  path: '/otc/ad/status',
  auth: true,
  summary: 'Pause, resume or close one of the merchant’s ads (closing is final; open orders go on)',
  tags: ['otc'],
  request: z.object({ id: id('field_required'), status: z.enum(AD_STATES, { error: 'field_invalid' }) }),
  response: adSchema,
});

export const otcMyAds = endpoint({
  method: 'GET',
  path: '/otc/my_ads',
  auth: true,
  summary: 'The merchant’s ads, newest first',
  tags: ['otc'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(adSchema),
});

export const otcOrderOpen = endpoint({
  method: 'POST',
  path: '/otc/order/open',
  auth: true,
  summary: 'Open an order on an ad: the seller’s coins go into escrow; Idempotency-Key required',
  tags: ['otc'],
  request: z.object({
    ad_id: id('field_required'),
    quantity: amount(),
    method: z.enum(PAY_METHODS, { error: 'field_invalid' }),
  }),
  response: orderSchema,
});

const orderAction = <S extends z.ZodRawShape>(path: string, summary: string, extra: S) =>
  endpoint({
    method: 'POST',
    path,
    auth: true,
    summary: `${summary}; Idempotency-Key required`,
    tags: ['otc'],
    request: z.object({ id: id('field_required') }).extend(extra),
    response: orderSchema,
  });

export const otcOrderPaid = orderAction('/otc/order/paid', 'The buyer marks the order paid (optional proof image)', {
  proof: upload().optional(),
});
export const otcOrderCancel = orderAction(
  '/otc/order/cancel',
  'The buyer cancels an unpaid order: escrow released',
  {},
);
export const otcOrderRelease = orderAction(
  '/otc/order/release',
  'The seller confirms receipt: the coins go to the buyer',
  {},
);
export const otcOrderAppeal = orderAction('/otc/order/appeal', 'Either side appeals a paid order (it freezes)', {
  text: requiredText({ max: 1000, multiline: true }),
  images: text({ max: 700 })
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(3, { error: 'field_invalid' }))
    .optional(),
});

export const otcOrder = endpoint({
  method: 'GET',
  path: '/otc/order',
  auth: true,
  summary: 'One of the user’s orders (as buyer, seller or the ad’s merchant)',
  tags: ['otc'],
  request: z.object({ id: id('field_required') }),
  response: orderSchema,
});

export const otcOrders = endpoint({
  method: 'GET',
  path: '/otc/orders',
  auth: true,
  summary: 'The user’s orders, open ones or finished ones, newest first',
  tags: ['otc'],
  request: z.object({
    open: z.enum(['1', '0'], { error: 'field_invalid' }).default('1'),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(orderSchema),
});

export const otcMessages = endpoint({
  method: 'GET',
  path: '/otc/messages',
  auth: true,
  summary: 'The order’s chat between its two sides, oldest first',
  tags: ['otc'],
  request: z.object({ id: id('field_required'), after: integer({ min: 0 }).default(0) }),
  response: z.array(messageSchema),
});

export const otcMessageSend = endpoint({
  method: 'POST',
  path: '/otc/message',
  auth: true,
  summary: 'Send a message (text and/or an image) in the order’s chat',
  tags: ['otc'],
  request: z
    .object({
      id: id('field_required'),
      text: text({ max: 1000, multiline: true }).default(''),
      image: upload().optional(),
    })
    .refine((v) => v.text !== '' || !!v.image, { error: 'field_required', path: ['text'] }),
  response: messageSchema,
});

export const adminOtcApplications = endpoint({
  method: 'GET',
  path: '/admin/otc/applications',
  auth: 'staff',
  summary: 'Merchant applications by state (default: waiting for review), oldest first',
  tags: ['admin'],
  request: z.object({
    status: z.enum(MERCHANT_STATES, { error: 'field_invalid' }).default('review'),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(applicationSchema.extend({ nickname: z.string(), level: z.number().int() })),
});

export const adminOtcReview = endpoint({
  method: 'POST',
  path: '/admin/otc/review',
  auth: 'staff',
  summary: 'Approve or refuse a merchant application (audited)',
  tags: ['admin'],
  request: reviewRequest(),
  response: applicationSchema,
});

export const adminOtcAppeals = endpoint({
  method: 'GET',
  path: '/admin/otc/appeals',
  auth: 'staff',
  summary: 'Orders under appeal (or decided ones), oldest first, with both sides’ messages',
  tags: ['admin'],
  request: z.object({
    decided: z.enum(['1', '0'], { error: 'field_invalid' }).default('0'),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(orderSchema.extend({ messages: z.array(messageSchema), value_usdt: decimal() })),
});

export const adminOtcDecide = endpoint({
  method: 'POST',
  path: '/admin/otc/decide',
  auth: 'staff',
  summary:
    'Decide an appeal: release to the buyer or refund the seller (audited; above the set value a second staff member must agree)',
  tags: ['admin'],
  request: z.object({
    id: id('field_required'),
    decision: z.enum(APPEAL_DECISIONS, { error: 'field_invalid' }),
    reason: requiredText({ max: 500, multiline: true }),
  }),
  response: orderSchema,
});

export const adminOtcSettings = endpoint({
  method: 'GET',
  path: '/admin/otc/settings',
  auth: 'admin',
  summary: 'OTC live settings',
  tags: ['admin'],
  request: z.object({}),
  response: z.object({ level2_limit: decimal(), second_review_above: decimal() }),
});

export const adminOtcSettingsSave = endpoint({
  method: 'POST',
  path: '/admin/otc/settings/save',
  auth: 'admin',
  summary: 'Change the level 2 single-trade limit and the two-person appeal threshold (audited)',
  tags: ['admin'],
  request: z.object({ level2_limit: amount(), second_review_above: amount() }),
  response: z.object({ level2_limit: decimal(), second_review_above: decimal() }),
});
