import { dualAmount, dualPayouts, type DualProduct } from '@contract/invest';
import { COIN_DECIMALS, formatMoney, formatNumber, toDecimal } from '@/lib/format';

/** APR as the screens show it: "36.5%". */
export function aprPercent(apr: string): string {
  const d = toDecimal(apr);
  return d ? `${d.times(100).toDecimalPlaces(2).toString()}%` : '--';
}

/** What `shares` of a product cost and pay in each branch: the contract's formula, as the server settles. */
export function quote(
  p: Pick<DualProduct, 'price_per_share' | 'linked_price' | 'holding_days' | 'apr'>,
  shares: number,
) {
  const amount = dualAmount(shares, p.price_per_share);
  const payouts = dualPayouts({ amount, linkedPrice: p.linked_price, holdingDays: p.holding_days, apr: p.apr });
  return { amount, ...payouts };
}

/** A coin amount at a coin's display precision (`formatMoney`). */
export const coin = (v: string | null) => (v === null ? '--' : formatNumber(v, COIN_DECIMALS));
/** A USDT figure (and the linked price in USDT) at USDT's precision. */
export const fiat2 = (v: string | null) => (v === null ? '--' : formatMoney(v, 'USDT'));
