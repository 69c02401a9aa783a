import { z } from 'zod';
import { PRODUCT_LEDGER_KINDS } from '../products/index';
import { ledgerKinds, type BillType } from './bill-types';

/**
 * The ledger's own kinds and the wallet's (money in and out, between accounts), each with its bill
 * type; the products' kinds are declared in their contract files. A closed list, so the records
 * reply names only kinds the screens have a label for.
 */
const CORE_KINDS = ledgerKinds({
  /** Demo funds credited to a new account in demo mode. */
  demo_credit: 'other',
  /** An approved recharge. */
  deposit: 'recharge',
  /** Between two of the user's own accounts. */
  transfer: 'transfer',
  /** Coin exchange with the house, fee included. */
  exchange: 'exchange',
  /** Funds held for a withdrawal under review. */
  withdrawal_hold: 'withdrawal',
  /** An approved withdrawal: the hold paid out, fee included. */
  withdrawal: 'withdrawal',
  /** A rejected withdrawal: the hold released. */
  withdrawal_rejected: 'withdrawal',
  /** Generic holds, releases and postings of the ledger when the caller names no kind. */
  hold: 'other',
  release: 'other',
  hold_posted: 'other',
  /** Funds held for a resting spot or stock order (quote for a buy, base for a sell). */
  order_hold: 'spot',
  /** A fill of a spot or stock order: both sides settled in one transaction. */
  order_fill: 'spot',
  /** What an order no longer needs released: cancelled, finished, or filled at a better price. */
  order_release: 'spot',
  /** The house funding or defunding the market maker's inventory. */
  maker_funding: 'other',
  /** A futures fee coupon used on an open: the discount paid back from the house. */
  coupon_discount: 'coupon',
  /** A recharge bonus coupon used on an approved recharge: the bonus paid by the house. */
  coupon_bonus: 'coupon',
});

/** Every kind of ledger transaction the server posts, with the bill type its entries are filed under. */
export const LEDGER_KIND_BILLS = { ...CORE_KINDS, ...PRODUCT_LEDGER_KINDS } satisfies Record<string, BillType>;

export type LedgerKind = keyof typeof LEDGER_KIND_BILLS;

export const LEDGER_KINDS = Object.keys(LEDGER_KIND_BILLS) as [LedgerKind, ...LedgerKind[]];

export const ledgerKindSchema = z.enum(LEDGER_KINDS);
