import type { MarketQuote } from './quotes';

/** A stored quote for tests: pair `id`, price 1, every figure flat, with `over` applied. */
export const sampleQuote = (id: number, over: Partial<MarketQuote> = {}): MarketQuote => ({
  id,
  symbol: `C${id}/USDT`,
  currency_id: id,
  currency_name: `C${id}`,
  legal_id: 3,
  legal_name: 'USDT',
  kind: 'spot',
  price: '1',
  change: '0',
  volume: '0',
  high: '1',
  low: '1',
  logo: '',
  open_lever: false,
  open_microtrade: false,
  price_decimals: 2,
  source: 'simulated',
  stale: false,
  ts: 0,
  updatedAt: 0,
  ...over,
});
