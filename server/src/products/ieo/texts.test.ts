import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as ieo from '@contract/ieo';
import { ieoProjects } from '../../db/schema/index';
import { describeEachDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { seedDemoProjects } from './seed';

describeEachDatabase('IEO project texts in the request language', ({ app }) => {
  const atom = async (lang: string) => {
    const list = okOf(ieo.projectList, (await app().call(ieo.projectList, { limit: 100, lang })).body).data;
    const found = list.find((p) => p.coin_name === 'ATOM');
    if (!found) throw new Error('no demo ATOM project');
    return { id: found.id, name: found.name, intro: found.intro };
  };

  it('answers the demo projects in the language of the request', async () => {
    expect((await atom('en')).name).toBe('Cosmos Hub community round');
    expect(await atom('hk')).toMatchObject({
      name: 'Cosmos Hub 社區輪',
      intro: '演示項目：申購以發行價用 USDT 支付，持有至結束。',
    });
    expect((await atom('th')).name).toBe('รอบชุมชน Cosmos Hub');
    const { id } = await atom('en');
    const detail = okOf(ieo.projectDetail, (await app().call(ieo.projectDetail, { project_id: id, lang: 'jp' })).body);
    expect(detail.name).toBe('Cosmos Hub コミュニティラウンド');
  });

  it('keeps rows from before the translations in English and gives the demo ones theirs at the next start', async () => {
    const t = app();
    // What the migration leaves on an existing database: every row with no translations.
    await t.app.ctx.db.update(ieoProjects).set({ texts: sql`'{}'::jsonb` });
    expect(await atom('th')).toMatchObject({
      name: 'Cosmos Hub community round',
      intro: 'Demo project: subscriptions are paid in USDT at the issue price and held until the end.',
    });
    await seedDemoProjects(t.app.ctx.db, t.clock.now());
    expect((await atom('th')).name).toBe('รอบชุมชน Cosmos Hub');
  });
});
