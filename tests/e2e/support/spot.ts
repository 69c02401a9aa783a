import { Decimal } from 'decimal.js';
import { expect } from 'vitest';
import type { AppInBrowser, Session } from './session';

/** BTC/USDT's book as `/coin/book` answers it, as far as the stop order tests read it. */
export interface Book {
  rules: { lot_size: string; tick_size: string };
  asks: [string, string][];
  trades: { price: string }[];
}

/** "100123.4" → "100,123.40": a price as the English screen shows it. */
export const shown = (price: Decimal.Value) =>
  new Decimal(price).toFixed(2).replace(/^(\d+)/, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ','));

/**
 * BTC/USDT through the API of `e2e`'s server, for the tests of orders that wait for a price: the
 * book, a limit order of one account, funded accounts, and a last trade made on the book.
 */
export function spotMarket(e2e: AppInBrowser) {
  const pair = { currency_id: '1', legal_id: '3' };
  const book = () => e2e.api<Book>('/coin/book', { query: 'currency_id=1&legal_id=3' });
  const limit = (who: Session, side: 'buy' | 'sell', price: string, amount: string) =>
    e2e.api('/coin/trade', { body: { ...pair, type: 'limit', side, target_price: price, amount }, token: who.token });

  async function account(prefix: string, usdt: string, btc = '0'): Promise<Session> {
    const session = await e2e.signUp(prefix);
    if (usdt !== '0') await e2e.fund(session, '3', usdt, 'change');
    if (btc !== '0') await e2e.fund(session, '1', btc, 'change');
    return session;
  }

  /** A trade on the book between the maker's best ask and `buyer`: the pair's last trade price. */
  async function lastTradeBy(buyer: Session): Promise<string> {
    await expect.poll(async () => (await book()).asks.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [ask] = (await book()).asks;
    await limit(buyer, 'buy', ask![0], '0.0001');
    const last = (await book()).trades[0]?.price;
    expect(last).toBeDefined();
    return last!;
  }

  return { book, limit, account, lastTradeBy };
}
