import { Decimal } from 'decimal.js';
import { toDecimal } from '@/lib/format';

export interface ExchangeTerms {
  price: string;
  fee_rate: string;
  decimals: number;
}

export interface ExchangeQuote {
  gross: string;
  fee: string;
  received: string;
}

/**
 * The preview of an exchange from the server's published terms: converted at `price`, the fee is
 * `fee_rate` of that, and what arrives is rounded down to the server's decimals. The server
 * computes the same on confirmation and its answer is what counts.
 */
export function quoteExchange(amount: string, terms: ExchangeTerms | undefined): ExchangeQuote | null {
  const a = toDecimal(amount);
  const price = toDecimal(terms?.price);
  const rate = toDecimal(terms?.fee_rate);
  if (!a || !price || !rate || !terms || a.lte(0)) return null;
  const gross = a.times(price);
  const fee = gross.times(rate);
  const received = gross.minus(fee).toDecimalPlaces(terms.decimals, Decimal.ROUND_DOWN);
  return {
    gross: gross.toDecimalPlaces(terms.decimals, Decimal.ROUND_DOWN).toFixed(),
    fee: fee.toDecimalPlaces(terms.decimals, Decimal.ROUND_UP).toFixed(),
    received: received.toFixed(),
  };
}
