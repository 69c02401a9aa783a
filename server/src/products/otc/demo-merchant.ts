/**
 * Demo mode only: a labelled demo OTC merchant, so the OTC page has ads before anyone applies,
 * and an order on them runs to its end. The merchant is an account nobody can sign in to (a random
 * password never shown), funded from the demo faucet through the ledger, approved under the demo
 * reviewer (audited), with payout bindings that say they are demo details. Its ads use margin
 * prices, so they follow the feed. About a minute after a user marks an order on a sell ad paid,
 * the merchant releases it; on a buy ad it marks the order paid a minute after it opened (the
 * ad's terms say no fiat moves). Both go through the same order functions as a person's, each
 * conditional on the order's state under its row lock, so a retried pass changes nothing twice.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { bankCards, otcOrders, users } from '../../db/schema/index';
import { audit } from '../../audit/index';
import { demoReviewerId } from '../../admin/demo-reviewer';
import { hashPassword } from '../../auth/passwords';
import { insertUser } from '../../auth/repo';
import { newInvitationCode } from '../../auth/service';
import { AppError } from '../../errors';
import { inTransaction, post, systemAccount, userAccount, type Tx } from '../../ledger/index';
import type { Job } from '../../scheduler/index';
import { markPaid, releaseBySeller } from './orders';
import { insertApplication } from './repo';
import { saveAd, type AdInput } from './service';
import { OTC_COIN_IDS, type OtcCoin } from '@contract/otc';

export const DEMO_MERCHANT_EMAIL = 'demo-otc-merchant@example.com';
export const DEMO_MERCHANT_NAME = 'Demo OTC merchant';
/** How long after "paid" (sell ads) or the opening (buy ads) the demo merchant acts. */
export const DEMO_MERCHANT_DELAY_MS = 60_000;
const LOCK = 'demo.otc_merchant';

/** What the demo merchant holds in its legal account to sell from. */
export const DEMO_MERCHANT_FUNDS: Record<OtcCoin, string> = { USDT: '200000', BTC: '5', ETH: '80' };

const TERMS =
  'Demo merchant of the demo deployment (not a real counterparty). Sell ads: mark the order paid ' +
  'and the coins are released about a minute later; no real payment is needed. Buy ads: the order ' +
  'is marked paid about a minute after it opens, though no fiat is sent; release it when you are ready.';

const demoAd = (
  side: 'buy' | 'sell',
  coin: OtcCoin,
  fiat: AdInput['fiat'],
  margin: string,
  total: string,
  min: string,
  max: string,
): AdInput => ({
  side,
  coin,
  fiat,
  price_type: 'margin',
  margin,
  total,
  min_qty: min,
  max_qty: max,
  methods: ['bank', 'international'],
  window_minutes: 15,
  terms: TERMS,
});

/** The demo merchant's ads: both sides of USDT, BTC and ETH in CNY and USD. */
export const DEMO_ADS: readonly AdInput[] = [
  demoAd('sell', 'USDT', 'CNY', '0.01', '50000', '10', '5000'),
  demoAd('sell', 'USDT', 'USD', '0.005', '50000', '10', '5000'),
  demoAd('buy', 'USDT', 'CNY', '-0.01', '50000', '10', '5000'),
  demoAd('buy', 'USDT', 'USD', '-0.005', '50000', '10', '5000'),
  demoAd('sell', 'BTC', 'USD', '0.01', '1', '0.0005', '0.2'),
  demoAd('buy', 'BTC', 'CNY', '-0.01', '1', '0.0005', '0.2'),
  demoAd('sell', 'ETH', 'CNY', '0.01', '20', '0.01', '5'),
  demoAd('buy', 'ETH', 'USD', '-0.01', '20', '0.01', '5'),
];

const DEMO_CARD = {
  aba_number: '000000000',
  real_name: 'Demo OTC merchant',
  card_number: '0000000000000000',
  province_city: 'Demo',
  bank_name: 'Demo bank (no real account)',
  bank_branch: 'Demo',
  swift_code: 'DEMOXXXX',
  phone: '0000000000',
};
const DEMO_IBAN = {
  account_number: 'DEMO-NO-REAL-ACCOUNT',
  bank_address: 'Demo',
  swift_code: 'DEMOXXXX',
  payee_name: 'Demo OTC merchant',
  street_address: 'Demo',
  city: 'Demo',
  country: 'Demo',
};

/** The account, funds, bindings, approval and ads, in the caller's transaction. */
async function seedOne(tx: Tx, reviewerId: number, now: Date): Promise<number> {
  const user = await insertUser(tx as unknown as Db, {
    accountNumber: String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000)),
    email: DEMO_MERCHANT_EMAIL,
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    nickname: DEMO_MERCHANT_NAME,
    invitationCode: newInvitationCode(),
    createdAt: now,
    updatedAt: now,
  });
  for (const [coin, amount] of Object.entries(DEMO_MERCHANT_FUNDS) as [OtcCoin, string][]) {
    const currency = OTC_COIN_IDS[coin];
    await post(tx, {
      kind: 'demo_credit',
      reason: 'Demo funds for the demo OTC merchant',
      userId: user.id,
      demo: true,
      at: now,
      entries: [
        { account: systemAccount('demo_faucet', currency), amount: `-${amount}` },
        { account: userAccount(user.id, currency, 'legal'), amount },
      ],
    });
  }
  await tx.insert(bankCards).values([
    { userId: user.id, kind: 'domestic', details: DEMO_CARD, updatedAt: now },
    { userId: user.id, kind: 'international', details: DEMO_IBAN, updatedAt: now },
  ]);
  const reason = 'Demo merchant of the demo deployment, approved at start (demo mode)';
  const application = await insertApplication(tx, {
    userId: user.id,
    introduction: TERMS,
    state: 'approved',
    reason,
    reviewerId,
    reviewedAt: now,
    createdAt: now,
  });
  await audit(tx, {
    adminId: reviewerId,
    action: 'otc_merchant.approve',
    entity: 'otc_merchant',
    entityId: application.id,
    reason,
    before: null,
    after: application,
    at: now,
  });
  for (const ad of DEMO_ADS) await saveAd(tx, user.id, ad, now);
  return user.id;
}

/**
 * The demo merchant's user id, creating it with its ads on the first start only (under an
 * advisory lock, so processes starting together create it once; later starts change nothing).
 * An account of that address that is not the demo merchant (another nickname) is left alone: null.
 */
export async function seedDemoMerchant(db: Db, now: Date): Promise<number | null> {
  const reviewerId = await demoReviewerId(db, now);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${LOCK}))`);
    const [found] = await tx
      .select({ id: users.id, nickname: users.nickname })
      .from(users)
      .where(eq(users.email, DEMO_MERCHANT_EMAIL));
    if (found) return found.nickname === DEMO_MERCHANT_NAME ? found.id : null;
    return seedOne(tx, reviewerId, now);
  });
}

/** One pass: releases what was paid and marks paid what was opened, a minute or more ago. */
export async function demoMerchantPass(tx: Tx, merchantId: number, at: Date, now: Date): Promise<number> {
  const before = new Date(at.getTime() - DEMO_MERCHANT_DELAY_MS);
  const toRelease = await tx
    .select({ id: otcOrders.id })
    .from(otcOrders)
    .where(and(eq(otcOrders.sellerId, merchantId), eq(otcOrders.status, 'paid'), lte(otcOrders.paidAt, before)));
  const toMarkPaid = await tx
    .select({ id: otcOrders.id })
    .from(otcOrders)
    .where(and(eq(otcOrders.buyerId, merchantId), eq(otcOrders.status, 'unpaid'), lte(otcOrders.createdAt, before)));
  let done = 0;
  const attempt = async (work: (sp: Tx) => Promise<unknown>) => {
    // A savepoint per order: one that changed meanwhile (an appeal, a cancel) is skipped alone.
    try {
      await tx.transaction(async (sp) => {
        await work(sp as unknown as Tx);
      });
      done += 1;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  };
  for (const { id } of toRelease) await attempt((sp) => releaseBySeller(sp, id, merchantId, now));
  for (const { id } of toMarkPaid) await attempt((sp) => markPaid(sp, id, merchantId, null, now));
  return done;
}

/** Demo mode with demo seeds: the demo merchant and its minute job. */
export async function startDemoMerchant(ctx: AppContext): Promise<void> {
  if (ctx.config.mode !== 'demo') throw new Error('the demo OTC merchant runs only in demo mode (APP_MODE=demo)');
  const merchantId = await seedDemoMerchant(ctx.db, ctx.now());
  if (merchantId === null) return;
  const job: Job = {
    name: 'otc.demo_merchant',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => {
      await demoMerchantPass(tx, merchantId, period.end, ctx.now());
    },
  };
  ctx.scheduler.register(job);
}
