import { inTransaction, type Tx } from '../../ledger/index';
import type { Db } from '../../db/client';
import type { LocalizedTexts } from '../../lib/localized';
import { insertProduct, localizeProductsNamed, lockSeedAndCount } from './repo';
import { publishDays } from './service';
import { dayOf } from './terms';

const USDT = 3;

/** The demo's products (SPEC.md section 9: 0.3 %-0.4 % a day over 5 days gives 150-200 on 10,000). */
export const DEMO_PRODUCTS = [
  { name: 'USDT 5 days', minRate: '0.003', maxRate: '0.004', days: 5, minAmount: '100', penaltyRate: '0.004' },
  { name: 'USDT 15 days', minRate: '0.004', maxRate: '0.005', days: 15, minAmount: '500', penaltyRate: '0.003' },
  { name: 'USDT 30 days', minRate: '0.005', maxRate: '0.006', days: 30, minAmount: '1000', penaltyRate: '0.002' },
] as const;

/** A demo product's name in the other 7 languages (English is its `name`). */
export function demoNameTexts(days: number): LocalizedTexts {
  const names = {
    zh: `USDT ${days}天`,
    hk: `USDT ${days}天`,
    th: `USDT ${days} วัน`,
    jp: `USDT ${days}日間`,
    kor: `USDT ${days}일`,
    fra: `USDT ${days} jours`,
    spa: `USDT ${days} días`,
  };
  return Object.fromEntries(Object.entries(names).map(([locale, name]) => [locale, { name }]));
}

/**
 * Creates a product and publishes its rates for today and tomorrow at once: nobody can have
 * deposited in it before, so today's rate is not chosen after the fact.
 */
export async function createProduct(
  tx: Tx,
  values: {
    name: string;
    minRate: string;
    maxRate: string;
    days: number;
    minAmount: string;
    penaltyRate: string;
    status?: number;
    texts?: LocalizedTexts;
  },
  now: Date,
) {
  const row = await insertProduct(tx, { currencyId: USDT, status: 1, ...values, createdAt: now, updatedAt: now });
  if (row.status === 1) await publishDays(tx, [row], [dayOf(now), dayOf(now) + 1], now);
  return row;
}

/** Demo mode: the products above, once (an installation that has any product keeps its own). */
export async function seedDemoProducts(db: Db, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    if ((await lockSeedAndCount(tx)) > 0) {
      // Products seeded before names had translations get them; renamed ones keep their name.
      for (const p of DEMO_PRODUCTS) await localizeProductsNamed(tx, p.name, demoNameTexts(p.days));
      return;
    }
    for (const p of DEMO_PRODUCTS) await createProduct(tx, { ...p, texts: demoNameTexts(p.days) }, now);
  });
}
