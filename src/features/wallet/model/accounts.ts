import { Decimal } from 'decimal.js';
import { toDecimal, type Numeric } from '@/lib/format';

/** The four accounts of SPEC.md section 3, by the names `/wallet/change` takes. */
export const ACCOUNTS = ['legal', 'change', 'lever', 'micro'] as const;
export type AccountName = (typeof ACCOUNTS)[number];

/** Account type ids of SPEC.md section 3 (legal 1, change 2, lever 3, micro 4). */
export const ACCOUNT_ID: Record<AccountName, number> = { legal: 1, change: 2, lever: 3, micro: 4 };

export const isAccountName = (v: unknown): v is AccountName => ACCOUNTS.includes(v as AccountName);

/** Balances whose value is below this many USDT count as "small" for the hide-small filter. */
export const SMALL_BALANCE_USDT = '1';

export interface Holding {
  currency: string;
  /** Valuation in USDT (decimal string). */
  usdt: string;
}

/** Keeps the holdings worth at least the small-balance threshold when `hideSmall` is on. */
export function visibleHoldings<H extends Holding>(holdings: readonly H[], hideSmall: boolean): H[] {
  if (!hideSmall) return [...holdings];
  return holdings.filter((h) => (toDecimal(h.usdt) ?? new Decimal(0)).gte(SMALL_BALANCE_USDT));
}

export const MASK = '****';

/** What the eye toggle shows instead of an amount. */
export const masked = (text: string, hidden: boolean) => (hidden ? MASK : text);

/** Sum of decimal strings, exact. */
export function sum(values: readonly Numeric[]): string {
  return values.reduce<Decimal>((acc, v) => acc.plus(toDecimal(v) ?? 0), new Decimal(0)).toString();
}
