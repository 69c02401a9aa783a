/**
 * Display precision of money, shared by the app and the texts the server writes (notifications):
 * 2 decimals for USD, the stablecoins taken at par with it and fiat currencies with cents, none for
 * fiat without minor units, and a coin's configured precision (8 when it is not at hand).
 */
export const MONEY_DECIMALS = 2;
export const COIN_DECIMALS = 8;

const MONEY_LIKE = new Set(['USD', 'USDT', 'USDC', 'CNY', 'GBP', 'HKD', 'EUR', 'AED', 'THB', 'PHP', 'SGD']);
const WHOLE_MONEY = new Set(['JPY', 'VND', 'KRW']);

/** Decimals an amount of `currency` is shown with; `configured` is the coin's own precision when known. */
export function currencyDecimals(currency: string | null | undefined, configured?: number): number {
  const code = (currency ?? '').toUpperCase();
  if (code === '' || MONEY_LIKE.has(code)) return MONEY_DECIMALS;
  if (WHOLE_MONEY.has(code)) return 0;
  return configured ?? COIN_DECIMALS;
}
