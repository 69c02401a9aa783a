import type { Currency, CurrencyType } from '@contract/market';
import type { PairRules } from '@contract/trade';
import { CURRENCY_IDS, USDT_NETWORKS } from '@contract/domain/instruments';

/** A pair as the market code needs it: identity, flags and simulation parameters. */
export interface Instrument {
  id: number;
  symbol: string;
  base: Currency;
  quote: Currency;
  kind: 'spot' | 'stock';
  openLever: boolean;
  openMicrotrade: boolean;
  priceDecimals: number;
  /** Starting price of the simulated process (a recent real level). */
  basePrice: number;
  /** Annualized volatility of the simulated process. */
  vol: number;
  /** Typical trade size in base units, for simulated trades and depth. */
  lot: number;
  /** Binance symbol for the real feed (crypto only). */
  binance?: string;
  /** Order book rules, published with the quote (contract/trade.ts `pairRulesSchema`). */
  rules: PairRules;
}

/** A coloured disc with the ticker: inline, so icons work offline and need no asset files. */
function icon(text: string, color: string): string {
  const label = text.length > 4 ? text.slice(0, 4) : text;
  const size = label.length > 3 ? 11 : 13;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="${color}"/>` +
    `<text x="20" y="24.5" font-family="Arial,sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function currency(
  id: number,
  name: string,
  subName: string,
  type: CurrencyType,
  color: string,
  decimals: number,
): Currency {
  return { id, name, subName, type, status: 1, image: icon(name, color), networks: [], decimals };
}

// [ticker, name, price, annual vol, price decimals, lot, lever, seconds, colour]
type Row = [string, string, number, number, number, number, boolean, boolean, string];
const COINS: Row[] = [
  ['BTC', 'Bitcoin', 97000, 0.55, 2, 0.05, true, true, '#f7931a'],
  ['ETH', 'Ethereum', 3400, 0.7, 2, 0.8, true, true, '#627eea'],
  ['BNB', 'BNB', 640, 0.6, 2, 2, true, true, '#f3ba2f'],
  ['SOL', 'Solana', 190, 0.85, 2, 10, true, true, '#9945ff'],
  ['XRP', 'XRP', 2.2, 0.9, 4, 1500, true, true, '#23292f'],
  ['DOGE', 'Dogecoin', 0.32, 1.0, 5, 12000, true, true, '#c2a633'],
  ['ADA', 'Cardano', 0.9, 0.9, 4, 3000, true, false, '#0033ad'],
  ['TRX', 'TRON', 0.25, 0.6, 5, 15000, true, false, '#ef0027'],
  ['LTC', 'Litecoin', 105, 0.75, 2, 20, true, true, '#345d9d'],
  ['DOT', 'Polkadot', 7.2, 0.9, 3, 300, true, false, '#e6007a'],
  ['LINK', 'Chainlink', 22, 0.9, 3, 100, true, false, '#2a5ada'],
  ['AVAX', 'Avalanche', 38, 0.95, 2, 50, true, false, '#e84142'],
  ['BCH', 'Bitcoin Cash', 450, 0.75, 2, 4, true, false, '#8dc351'],
  ['UNI', 'Uniswap', 13, 0.95, 3, 150, false, false, '#ff007a'],
  ['ATOM', 'Cosmos', 6.5, 0.85, 3, 300, false, false, '#2e3148'],
  ['XLM', 'Stellar', 0.4, 0.85, 5, 5000, false, false, '#14b6e7'],
  ['ETC', 'Ethereum Classic', 27, 0.8, 3, 70, false, false, '#328332'],
  ['FIL', 'Filecoin', 5.1, 0.95, 3, 400, false, false, '#0090ff'],
];
const STOCKS: Row[] = [
  ['AAPL', 'Apple Inc.', 228, 0.25, 2, 40, false, false, '#555555'],
  ['MSFT', 'Microsoft Corp.', 425, 0.24, 2, 20, false, false, '#00a4ef'],
  ['NVDA', 'NVIDIA Corp.', 138, 0.5, 2, 80, false, false, '#76b900'],
  ['AMZN', 'Amazon.com Inc.', 210, 0.32, 2, 40, false, false, '#ff9900'],
  ['GOOGL', 'Alphabet Inc.', 175, 0.3, 2, 50, false, false, '#4285f4'],
  ['META', 'Meta Platforms Inc.', 590, 0.38, 2, 15, false, false, '#0668e1'],
  ['TSLA', 'Tesla Inc.', 340, 0.6, 2, 30, false, false, '#cc0000'],
  ['JPM', 'JPMorgan Chase & Co.', 240, 0.22, 2, 30, false, false, '#5f4b3a'],
  ['V', 'Visa Inc.', 310, 0.2, 2, 25, false, false, '#1a1f71'],
  ['NFLX', 'Netflix Inc.', 880, 0.35, 2, 8, false, false, '#e50914'],
];

/** Most value of one order, in the quote currency: keeps price ticks x lots an exact integer. */
const MAX_NOTIONAL = '10000000';
const TRADING_FEE_RATE = '0';

const plain = (n: number, decimals: number) =>
  n
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');

/**
 * Order book rules from the pair's price level: the tick is the display precision; the lot is
 * chosen so one lot is worth at most about 1 of the quote (1 BTC lot = 0.000001); the least order
 * is worth at least 1 quote unit at the catalogue price. The matching engine counts in ticks and
 * lots, and an order's value in tick x lot units must stay an exact integer in a double.
 */
function rulesFor(price: number, priceDecimals: number): PairRules {
  const lotDecimals = Math.min(8, Math.max(0, Math.ceil(Math.log10(price)) + 1));
  const lot = 10 ** -lotDecimals;
  const minLots = Math.max(1, Math.ceil(1 / (price * lot)));
  if (Number(MAX_NOTIONAL) * 10 ** (priceDecimals + lotDecimals) > Number.MAX_SAFE_INTEGER) {
    throw new Error(`tick and lot of a ${price} pair make order values inexact`);
  }
  return {
    tick_size: plain(10 ** -priceDecimals, priceDecimals),
    lot_size: plain(lot, lotDecimals),
    min_qty: plain(minLots * lot, lotDecimals),
    max_notional: MAX_NOTIONAL,
    fee_rate: TRADING_FEE_RATE,
    settle_id: CURRENCY_IDS.USDT,
  };
}

const FIXED_IDS: Record<string, number> = CURRENCY_IDS;
const usdt: Currency = {
  ...currency(CURRENCY_IDS.USDT, 'USDT', 'Tether USD', 'crypto', '#26a17b', 2),
  networks: [...USDT_NETWORKS],
};
const usd = currency(50, 'USD', 'US Dollar', 'fiat', '#3c8d0d', 2);

function build(): { currencies: Currency[]; instruments: Instrument[] } {
  const currencies: Currency[] = [];
  const instruments: Instrument[] = [];
  let nextCoinId = 4;
  COINS.forEach(([name, sub, price, vol, dec, lot, lever, micro, color]) => {
    const id = FIXED_IDS[name] ?? nextCoinId++;
    const base = currency(id, name, sub, 'crypto', color, 8);
    currencies.push(base);
    instruments.push({
      id: instruments.length + 1,
      symbol: `${name}/USDT`,
      base,
      quote: usdt,
      kind: 'spot',
      openLever: lever,
      openMicrotrade: micro,
      priceDecimals: dec,
      basePrice: price,
      vol,
      lot,
      binance: `${name}USDT`,
      rules: rulesFor(price, dec),
    });
  });
  currencies.splice(2, 0, usdt);
  currencies.push(usd);
  STOCKS.forEach(([name, sub, price, vol, dec, lot, lever, micro, color], i) => {
    const base = currency(101 + i, name, sub, 'stock', color, 4);
    currencies.push(base);
    instruments.push({
      id: 101 + i,
      symbol: `${name}/USD`,
      base,
      quote: usd,
      kind: 'stock',
      openLever: lever,
      openMicrotrade: micro,
      priceDecimals: dec,
      basePrice: price,
      vol,
      lot,
      rules: rulesFor(price, dec),
    });
  });
  return { currencies, instruments };
}

export const CATALOG = build();

export const instrumentBySymbol = new Map(CATALOG.instruments.map((i) => [i.symbol, i]));
export const instrumentByCurrency = new Map(CATALOG.instruments.map((i) => [i.base.id, i]));
