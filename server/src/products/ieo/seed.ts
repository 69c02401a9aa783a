/**
 * Demo projects, inserted once each (by code) in demo mode, timed from the first start: one in
 * progress, one warming up, one ended. Their coins are catalogue currencies, so what a user is
 * credited shows in the wallet like any other coin.
 */
import type { Db } from '../../db/client';
import { CATALOG } from '../../market/catalog';
import { insertProjectOnce } from './repo';
import { projectColumns, type ProjectTerms } from './service';

const DAY = 86_400_000;
const coin = (name: string): number => {
  const found = CATALOG.currencies.find((c) => c.name === name);
  if (!found) throw new Error(`demo IEO coin ${name} is not in the catalogue`);
  return found.id;
};

export async function seedDemoProjects(db: Db, now: Date): Promise<void> {
  const t = now.getTime();
  const usdt = coin('USDT');
  const demo: (ProjectTerms & { code: string })[] = [
    {
      code: 'demo-atom',
      name: 'Cosmos Hub community round',
      intro: 'Demo project: subscriptions are paid in USDT at the issue price and held until the end.',
      coin_id: coin('ATOM'),
      pay_currency: usdt,
      price: '5.8',
      total: '200000',
      min_amount: '1',
      max_amount: '20000',
      start_at: t - DAY,
      end_at: t + 6 * DAY,
      lock_days: 7,
      listing_at: t + 9 * DAY,
      whitepaper: 'https://v1.cosmos.network/resources/whitepaper',
      website: 'https://cosmos.network',
    },
    {
      code: 'demo-fil',
      name: 'Filecoin storage round',
      intro: 'Demo project: opens for subscriptions in two days.',
      coin_id: coin('FIL'),
      pay_currency: usdt,
      price: '4.5',
      total: '100000',
      min_amount: '5',
      max_amount: '10000',
      start_at: t + 2 * DAY,
      end_at: t + 9 * DAY,
      lock_days: 14,
      whitepaper: 'https://filecoin.io/filecoin.pdf',
      website: 'https://filecoin.io',
    },
    {
      code: 'demo-xlm',
      name: 'Stellar payments round',
      intro: 'Demo project: ended; the allocation has been made.',
      coin_id: coin('XLM'),
      pay_currency: usdt,
      price: '0.35',
      total: '1000000',
      min_amount: '100',
      max_amount: '100000',
      start_at: t - 8 * DAY,
      end_at: t - DAY,
      lock_days: 0,
      whitepaper: 'https://www.stellar.org/papers/stellar-consensus-protocol',
      website: 'https://www.stellar.org',
    },
  ];
  for (const { code, ...terms } of demo) {
    await insertProjectOnce(db, { code, ...projectColumns(terms), createdAt: now, updatedAt: now });
  }
}
