import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as lock from '@contract/lockming';
import { lockProducts } from '../../db/schema/index';
import { inTransaction } from '../../ledger/index';
import { describeEachDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { createProduct, seedDemoProducts } from './seed';

describeEachDatabase('lock-mining product names in the request language', ({ app }) => {
  const names = async (lang: string) => {
    const reply = await app().call(lock.lockConfig, { lang });
    return okOf(lock.lockConfig, reply.body).map((p) => p.name);
  };

  it('answers the demo products in the language of the request', async () => {
    expect(await names('en')).toEqual(['USDT 5 days', 'USDT 15 days', 'USDT 30 days']);
    expect(await names('th')).toEqual(['USDT 5 วัน', 'USDT 15 วัน', 'USDT 30 วัน']);
    expect(await names('hk')).toEqual(['USDT 5天', 'USDT 15天', 'USDT 30天']);
    expect(await names('spa')).toEqual(['USDT 5 días', 'USDT 15 días', 'USDT 30 días']);
  });

  it('keeps rows from before the translations in English and gives the demo ones theirs at the next start', async () => {
    const t = app();
    const db = t.app.ctx.db;
    // What the migration leaves on an existing database: every row with no translations.
    await db.update(lockProducts).set({ texts: sql`'{}'::jsonb` });
    await inTransaction(db, (tx) =>
      createProduct(
        tx,
        { name: 'Own product', minRate: '0.001', maxRate: '0.002', days: 3, minAmount: '10', penaltyRate: '0' },
        t.clock.now(),
      ),
    );
    expect(await names('th')).toEqual(['USDT 5 days', 'USDT 15 days', 'USDT 30 days', 'Own product']);

    await seedDemoProducts(db, t.clock.now());
    expect(await names('th')).toEqual(['USDT 5 วัน', 'USDT 15 วัน', 'USDT 30 วัน', 'Own product']);
    expect(await names('kor')).toEqual(['USDT 5일', 'USDT 15일', 'USDT 30일', 'Own product']);
  });
});
