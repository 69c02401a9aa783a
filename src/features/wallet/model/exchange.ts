import { Decimal } from 'decimal.js';
import { toDecimal } from '@/lib/format';

export interface ExchangeTerms {
  price: string;
  fee_rate: string;
  decimals: number;
  /** The least amount the server exchanges; below it rounding would cost more than the fee. */
  min_number: string;
}

export type ExchangeQuote =
  { ok: true; gross: string; fee: string; received: string } | { ok: false; problem: 'below_minimum'; min: string };

/**
 * What an exchange pays out, computed exactly as the server does (modules/wallet/moves.ts), so
 * the amount shown before confirming is the amount received: converted at `price` and rounded
 * down to `decimals`, the fee is `fee_rate` of that rounded down (never above the rate), and what
 * arrives is the difference. Amounts below `min_number` are refused by the server.
 */
export function quoteExchange(amount: string, terms: ExchangeTerms | undefined): ExchangeQuote | null {
  const a = toDecimal(amount);
  const price = toDecimal(terms?.price);
  const rate = toDecimal(terms?.fee_rate);
  const min = toDecimal(terms?.min_number);
  if (!a || !price || !rate || !min || !terms || a.lte(0)) return null;
  if (a.lt(min)) return { ok: false, problem: 'below_minimum', min: min.toFixed() };
  const gross = a.times(price).toDecimalPlaces(terms.decimals, Decimal.ROUND_DOWN);
  const fee = gross.times(rate).toDecimalPlaces(terms.decimals, Decimal.ROUND_DOWN);
  return { ok: true, gross: gross.toFixed(), fee: fee.toFixed(), received: gross.minus(fee).toFixed() };
}
