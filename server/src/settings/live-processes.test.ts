// Live terms with several API processes: another process's save is announced to every process;
// one whose notification connection was down when it was announced reads the terms again once
// it is back. The save is written straight to the database (as another process's would be), since
// the values are module state shared by every app of this test process.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as micro from '@contract/seconds';
import { secondsTerms } from '../products/seconds/terms';
import { apiProcesses, interruptNotifications, type ApiProcess, type ApiProcesses } from '../testing/api-processes';
import { okOf } from '../testing/wallet';

let cluster: ApiProcesses;
let b: ApiProcess;

beforeAll(async () => {
  cluster = await apiProcesses();
  b = await cluster.start();
}, 60_000);

afterAll(() => cluster?.close());

const ROW = { id: 50, seconds: 600, status: 1, profit_ratio: '0.25', min_stake: '20', max_stake: '2000' };

describe('live terms across API processes', () => {
  it('reads again, once its notifications are back, a save announced while they were down', async () => {
    const before = secondsTerms.get();
    expect(before.map((d) => d.seconds)).not.toContain(600);
    const next = { v: secondsTerms.version() + 1, value: [...before, ROW] };
    const gap = await interruptNotifications(b);
    await b.database.db.execute(
      sql`INSERT INTO settings (key, value, public) VALUES ('product.seconds', ${JSON.stringify(next)}, false)
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    await b.database.db.execute(sql`SELECT pg_notify('live_setting', 'product.seconds')`);
    expect(gap.isResumed()).toBe(false);
    expect(secondsTerms.get().map((d) => d.seconds)).not.toContain(600);
    await gap.resumed;
    await expect.poll(() => secondsTerms.get().map((d) => d.seconds), { timeout: 5000 }).toContain(600);
    const offered = okOf(micro.microSeconds, (await b.call(micro.microSeconds)).body);
    expect(offered.map((d) => d.seconds)).toContain(600);
  });
});
