import { z } from 'zod';

/**
 * Every kind of ledger transaction the server posts. A closed list, so the records reply names
 * only kinds the screens have a label for, and a new kind does not compile until it has one.
 */
export const LEDGER_KINDS = [
  /** Demo funds credited to a new account in demo mode. */
  'demo_credit',
  /** An approved recharge. */
  'deposit',
  /** Between two of the user's own accounts. */
  'transfer',
  /** Coin exchange with the house, fee included. */
  'exchange',
  /** Funds held for a withdrawal under review. */
  'withdrawal_hold',
  /** An approved withdrawal: the hold paid out, fee included. */
  'withdrawal',
  /** A rejected withdrawal: the hold released. */
  'withdrawal_rejected',
  /** Generic holds, releases and postings of the ledger when the caller names no kind. */
  'hold',
  'release',
  'hold_posted',
  /** Funds held for a resting spot or stock order (quote for a buy, base for a sell). */
  'order_hold',
  /** A fill of a spot or stock order: both sides settled in one transaction. */
  'order_fill',
  /** What an order no longer needs released: cancelled, finished, or filled at a better price. */
  'order_release',
  /** The house funding or defunding the market maker's inventory. */
  'maker_funding',
  /** The stake of a seconds contract held in the micro account. */
  'micro_stake',
  /** A seconds contract settled as a win (stake and profit paid) or a loss (stake to the house). */
  'micro_settle',
  /** A seconds contract settled as a tie or void: the stake released. */
  'micro_refund',
  /** A futures position opened (margin held, open fee to fees) or a limit open placed (margin and fee held). */
  'lever_open',
  /** A pending futures limit open reached its price: its held open fee paid. */
  'lever_fill',
  /** A pending futures limit open cancelled: margin and fee released. */
  'lever_cancel',
  /** A futures position closed: margin released, profit or loss settled with the house, close fee. */
  'lever_close',
  /** A futures position liquidated: loss to the house, close fee, the rest of the margin to insurance. */
  'lever_liquidation',
  /** The overnight fee of a futures position, taken from its margin at 00:00 UTC. */
  'lever_overnight',
  /** A lock-mining deposit: the principal held in the change account until the lock ends. */
  'lock_deposit',
  /** One day's lock-mining interest from the house, paid after the day ended. */
  'lock_interest',
  /** A lock-mining order reached its end date: the principal released. */
  'lock_release',
  /** A lock-mining order redeemed early: the penalty to the house, the rest of the principal back. */
  'lock_redeem',
  /** The invested coin of a dual invest order held in the exchange account until maturity. */
  'dual_buy',
  /** A dual invest order settled: paid in the coin (principal and interest) or in USDT (the coin to the house). */
  'dual_settle',
  /** A dual invest order that could not settle (no recorded price at maturity): the principal released. */
  'dual_refund',
  /** An IEO subscription's payment held in the exchange account until the project ends. */
  'ieo_subscribe',
  /** An IEO end: the payment for the passed quantity to the issuer, the rest released to the user. */
  'ieo_allocate',
  /** An IEO end where nothing passed: the whole payment released. */
  'ieo_refund',
  /** The passed coins of an IEO credited to the exchange account after the lock period or at listing. */
  'ieo_credit',
  /** A referrer's share of referees' trading fees for one hour, paid from the fee accounts. */
  'invite_rebate',
  /** A futures fee coupon used on an open: the discount paid back from the house. */
  'coupon_discount',
  /** A recharge bonus coupon used on an approved recharge: the bonus paid by the house. */
  'coupon_bonus',
  /** An OTC order opened: the seller's coins held in escrow in the legal account. */
  'otc_escrow',
  /** An OTC order completed: the escrow paid to the buyer's legal account. */
  'otc_release',
  /** An OTC order cancelled (by the buyer, its payment window, or an appeal refund): escrow released. */
  'otc_refund',
  /** Collateral of a crypto loan held in the change account (at borrowing or added later). */
  'loan_collateral',
  /** A crypto loan paid out: USDT from the house to the change account. */
  'loan_borrow',
  /** A crypto loan repayment (interest first, then principal) to the house. */
  'loan_repay',
  /** A repaid crypto loan's collateral released. */
  'loan_release',
  /** A crypto loan liquidated: the collateral sold to the house, the rest of the proceeds returned. */
  'loan_liquidation',
] as const;

export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ledgerKindSchema = z.enum(LEDGER_KINDS);
