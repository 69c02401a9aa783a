import { currencyDecimals, decToText, DEFAULT_PRECISION, formatCompact, mulDec, parseDec } from '@/lib/format/number';

/** SPEC.md section 9: the fiat table is refreshed when older than 24 h. */
export const FIAT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const SYMBOLS: Record<string, string> = {
  USD: '$',
  CNY: '¥',
  GBP: '£',
  HKD: 'HK$',
  JPY: '¥',
  EUR: '€',
  AED: 'AED ',
  THB: '฿',
  PHP: '₱',
  SGD: 'S$',
  VND: '₫',
};

export const fiatSymbol = (code: string) => SYMBOLS[code] ?? `${code} `;

export const isFiatStale = (savedAt: number, now: number) => now - savedAt > FIAT_MAX_AGE_MS;

/**
 * "≈ ¥482.10K": a USD-quoted value (USDT is taken at par with USD) in the chosen fiat, with the
 * compact number display of SPEC.md section 9; below 1,000 with the fiat's own decimals.
 */
export function fiatValue(usd: string | null | undefined, code: string, rate: string): string {
  const d = parseDec(usd);
  const r = parseDec(rate);
  if (!d || !r) return '--';
  const value = decToText(mulDec(d, r));
  return `≈ ${fiatSymbol(code)}${formatCompact(value, DEFAULT_PRECISION, currencyDecimals(code))}`;
}
