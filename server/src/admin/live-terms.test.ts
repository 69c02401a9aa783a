import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { PairQuote } from '@contract/market';
import * as lever from '@contract/futures';
import * as micro from '@contract/seconds';
import * as trade from '@contract/trade';
import { auditLog, users } from '../db/schema/index';
import { leverSettings, termsOf } from '../positions/terms';
import { instrumentBySymbol, type Instrument } from '../market/catalog';
import type { MarketRuntime } from '../market/runtime';
import { secondsTerms } from '../products/seconds/terms';
import { loadLiveSettings } from '../settings/live';
import { registerUser } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { fakeCore } from '../testing/fake-core';
import { createMarketMaker } from '../trading/maker/maker';
import { makerSettings } from '../trading/maker/terms';
import { adminUser } from '../testing/fund';
import { callWithKey, okOf } from '../testing/wallet';

const btc = instrumentBySymbol.get('BTC/USDT') as Instrument;

const SECONDS_ROW = { seconds: 45, status: 1, profit_ratio: '0.25', min_stake: '20', max_stake: '2000' };
const LEVER_ROW = {
  multiples: '10, 5,20',
  fee_rate: '0.0004',
  maintenance_rate: '0.01',
  overnight_rate: '0.0002',
  min_lots: 2,
  max_lots: 500,
};
const MAKER_ROW = { enabled: true, spread_bps: 40, levels: 2, level_value: '500', max_inventory: '60000' };

async function staff(t: TestApp, role: 'admin' | 'support' | 'user') {
  if (role === 'admin') return adminUser(t);
  const u = await registerUser(t);
  if (role === 'support') await t.app.ctx.db.update(users).set({ role: 'support' }).where(eq(users.id, u.user.id));
  return u;
}

const saves = [
  [micro.adminSecondsSave, SECONDS_ROW],
  [lever.adminLeverSave, LEVER_ROW],
  [trade.adminMakerSave, MAKER_ROW],
  [trade.adminMakerPair, { pair_id: btc.id, enabled: false }],
] as const;

describeEachDatabase('back-office product settings', ({ app, database }) => {
  it('refuses users and support staff (403); only admins change products', async () => {
    const t = app();
    for (const role of ['user', 'support'] as const) {
      const { token } = await staff(t, role);
      for (const [endpoint, data] of saves) {
        const res = await t.call(endpoint, data, { token, lang: 'en' });
        expect(res.status, `${role} ${endpoint.path}`).toBe(403);
      }
      const read = await t.call(micro.adminSecondsDurations, {}, { token, lang: 'en' });
      expect(read.status).toBe(403);
    }
    expect(okOf(micro.microSeconds, (await t.call(micro.microSeconds)).body)).toHaveLength(4);
  });

  it('refuses values outside the bounds on the field', async () => {
    const t = app();
    const { token } = await staff(t, 'admin');
    const bad = async (endpoint: (typeof saves)[number][0], data: Record<string, unknown>, field: string) => {
      const res = await t.call(endpoint, data, { token, lang: 'en', json: true });
      expect(res.body.type, `${endpoint.path} ${JSON.stringify(data)}`).toBe('error');
      expect(JSON.stringify(res.body)).not.toContain('internal');
      return field;
    };
    // A ratio of 1 or more would make a coin flip a sure gain funded by the house.
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, profit_ratio: '1' }, 'profit_ratio');
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, profit_ratio: '-0.1' }, 'profit_ratio');
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, seconds: 5 }, 'seconds');
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, min_stake: '3000' }, 'max_stake');
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, max_stake: '0.000000001' }, 'max_stake');
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, seconds: 30 }, 'seconds');
    await bad(micro.adminSecondsSave, { ...SECONDS_ROW, id: 99 }, 'id');
    // 100x leverage with a 1 % maintenance rate would open positions at their liquidation price.
    await bad(lever.adminLeverSave, { ...LEVER_ROW, multiples: '5,100' }, 'maintenance_rate');
    await bad(lever.adminLeverSave, { ...LEVER_ROW, multiples: '0,5' }, 'multiples');
    await bad(lever.adminLeverSave, { ...LEVER_ROW, multiples: '5;10' }, 'multiples');
    await bad(lever.adminLeverSave, { ...LEVER_ROW, fee_rate: '0.5' }, 'fee_rate');
    await bad(lever.adminLeverSave, { ...LEVER_ROW, min_lots: 600 }, 'max_lots');
    await bad(trade.adminMakerSave, { ...MAKER_ROW, spread_bps: 1 }, 'spread_bps');
    await bad(trade.adminMakerSave, { ...MAKER_ROW, levels: 21 }, 'levels');
    await bad(trade.adminMakerSave, { ...MAKER_ROW, enabled: 'maybe' }, 'enabled');
    await bad(trade.adminMakerPair, { pair_id: 999_999, enabled: false }, 'pair_id');
    const res = await t.call(micro.adminSecondsSave, { ...SECONDS_ROW, seconds: 30 }, { token, lang: 'en' });
    expect(res.body).toMatchObject({ type: 'error' });
    // Nothing of that was saved or audited.
    const audited = await database().db.select().from(auditLog).where(eq(auditLog.entity, 'product.seconds'));
    expect(audited).toHaveLength(0);
    expect(okOf(micro.adminSecondsDurations, (await t.call(micro.adminSecondsDurations, {}, { token })).body)).toEqual(
      okOf(micro.microSeconds, (await t.call(micro.microSeconds)).body),
    );
  });

  it('a seconds duration change is used by the next order, audited with before and after', async () => {
    const t = app();
    const boss = await staff(t, 'admin');
    const { token } = await registerUser(t);
    const added = okOf(
      micro.adminSecondsSave,
      (await t.call(micro.adminSecondsSave, SECONDS_ROW, { token: boss.token })).body,
    );
    const row = added.find((d) => d.seconds === 45)!;
    expect(row).toMatchObject({ status: 1, profit_ratio: '0.25', min_stake: '20', max_stake: '2000' });
    expect(okOf(micro.microSeconds, (await t.call(micro.microSeconds)).body).map((d) => d.seconds)).toEqual([
      30, 45, 60, 180, 300,
    ]);
    // The engine checks the new minimum at once.
    const submit = (seconds: number, number: string) =>
      callWithKey(
        t,
        micro.microSubmit,
        { lang: 'en', match_id: btc.id, currency_id: 3, type: 1, seconds, number },
        { token, key: randomUUID() },
      );
    const low = await submit(45, '10');
    expect(low.body.type).toBe('error');
    expect(String(low.body.message)).toContain('20');
    // Withdrawing 30 s refuses it for new orders.
    const thirty = added.find((d) => d.seconds === 30)!;
    await t.call(micro.adminSecondsSave, { ...thirty, id: thirty.id, status: 0 }, { token: boss.token });
    const withdrawn = await submit(30, '100');
    expect(withdrawn.body.type).toBe('error');
    expect(withdrawn.body.message).not.toEqual(low.body.message);
    const [entry] = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product.seconds'), eq(auditLog.adminId, boss.user.id)))
      .orderBy(auditLog.id)
      .limit(1);
    expect((entry!.before as unknown[]).length).toBe(4);
    expect((entry!.after as unknown[]).length).toBe(5);
    // A new app on the same database (a restart) starts with the saved terms.
    const again = await createTestApp(database());
    try {
      expect(
        okOf(micro.microSeconds, (await again.call(micro.microSeconds)).body).find((d) => d.seconds === 30)?.status,
      ).toBe(0);
    } finally {
      await again.close();
    }
  });

  it('futures parameters apply to the next open and are published at once', async () => {
    const t = app();
    const boss = await staff(t, 'admin');
    const { token } = await registerUser(t);
    const saved = okOf(
      lever.adminLeverSave,
      (await t.call(lever.adminLeverSave, LEVER_ROW, { token: boss.token })).body,
    );
    expect(saved).toEqual({
      multiples: [5, 10, 20],
      fee_rate: '0.0004',
      maintenance_rate: '0.01',
      overnight_rate: '0.0002',
      min_lots: 2,
      max_lots: 500,
    });
    expect(termsOf(btc)).toMatchObject({ multiples: [5, 10, 20], feeRate: '0.0004', minLots: 2, maxLots: 500 });
    const deal = await t.call(lever.leverDeal, { currency_id: 1, legal_id: 3 }, { token });
    expect(okOf(lever.leverDeal, deal.body)).toMatchObject({
      multiples: [5, 10, 20],
      fee_rate: '0.0004',
      min_share: 2,
    });
    const open = (multiple: number, share: number) =>
      callWithKey(
        t,
        lever.leverSubmit,
        { lang: 'en', currency_id: 1, legal_id: 3, share, multiple, type: 1, status: 1 },
        { token, key: randomUUID() },
      );
    const fifty = await open(50, 2);
    expect(fifty.body.type).toBe('error');
    expect(String(fifty.body.message)).toContain('5, 10, 20');
    const one = await open(10, 1);
    expect(one.body.type).toBe('error');
    expect(String(one.body.message)).toContain('500');
  });

  it('a burst of concurrent saves ends with one of them, each audited once, versions in order', async () => {
    const t = app();
    const boss = await staff(t, 'admin');
    const fees = Array.from({ length: 12 }, (_, i) => String((i + 1) / 10_000));
    const replies = await Promise.all(
      fees.map((fee_rate) => t.call(lever.adminLeverSave, { ...LEVER_ROW, fee_rate }, { token: boss.token })),
    );
    expect(replies.every((r) => r.body.type === 'ok')).toBe(true);
    const rows = await database()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'product.futures'))
      .orderBy(auditLog.entityId);
    const mine = rows.slice(-fees.length);
    // Each save saw the one before it: the chain of before/after has no gap.
    for (let i = 1; i < mine.length; i++) {
      expect(mine[i]!.entityId).toBe(mine[i - 1]!.entityId + 1);
      expect(mine[i]!.before).toEqual(mine[i - 1]!.after);
    }
    const last = mine.at(-1)!.after as { fee_rate: string };
    expect(leverSettings.get().fee_rate).toBe(last.fee_rate);
    const read = okOf(
      lever.adminLeverSettings,
      (await t.call(lever.adminLeverSettings, {}, { token: boss.token })).body,
    );
    expect(read.fee_rate).toBe(last.fee_rate);
    // The database agrees with memory after a reload.
    await loadLiveSettings(database().db);
    expect(leverSettings.get().fee_rate).toBe(last.fee_rate);
  });

  it('the maker takes a new spread, depth and pause on its next step', async () => {
    const t = app();
    const boss = await staff(t, 'admin');
    const market = {
      instruments: () => [btc],
      quote: () => ({ now_price: '100000', stale: false, ts: Date.parse('2026-11-24T15:00:00Z') }) as PairQuote,
    } as unknown as MarketRuntime;
    const core = fakeCore();
    const maker = createMarketMaker({
      config: { enabled: true, spreadBps: 20, levels: 3, levelValue: 1000, maxInventory: 50_000 },
      trading: core,
      market,
      store: {
        restingOrders: async () => [],
        balance: async (id) => ({ available: id === btc.base.id ? '0.2' : '1000000', held: '0' }),
        fund: async () => [],
      },
      now: () => new Date('2026-11-24T15:00:00Z'),
      fund: false,
      manual: true,
    });
    await maker.start();
    await maker.step();
    expect(maker.resting(btc.id)).toHaveLength(6);
    const view = okOf(
      trade.adminMakerSave,
      (await t.call(trade.adminMakerSave, MAKER_ROW, { token: boss.token })).body,
    );
    expect(view).toMatchObject({
      enabled: true,
      spread_bps: 40,
      levels: 2,
      level_value: '500',
      max_inventory: '60000',
    });
    expect(makerSettings.get()).toMatchObject({ spread_bps: 40, levels: 2 });
    await maker.step();
    expect(maker.terms(btc)).toMatchObject({ active: true, spread_bps: 40, levels: 2, level_value: '500' });
    const prices = maker.resting(btc.id).map((id) => core.orders.get(id)!);
    expect(prices).toHaveLength(4);
    const bestBid = Math.max(...prices.filter((o) => o.side === 'buy').map((o) => Number(o.price)));
    const bestAsk = Math.min(...prices.filter((o) => o.side === 'sell').map((o) => Number(o.price)));
    expect(bestAsk - bestBid).toBeGreaterThan(bestAsk * 0.0039 - 1e-9);
    const paused = okOf(
      trade.adminMakerPair,
      (await t.call(trade.adminMakerPair, { pair_id: btc.id, enabled: false }, { token: boss.token })).body,
    );
    expect(paused.pairs.find((p) => p.pair_id === btc.id)?.paused).toBe(true);
    await maker.step();
    expect(maker.resting(btc.id)).toHaveLength(0);
    expect(maker.terms(btc).active).toBe(false);
    await t.call(trade.adminMakerPair, { pair_id: btc.id, enabled: true }, { token: boss.token });
    await maker.step();
    expect(maker.resting(btc.id)).toHaveLength(4);
    await maker.stop();
    const actions = await database()
      .db.select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'product.maker'));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['maker.save', 'maker.pause', 'maker.resume']));
    // Back to the configuration for the other tests of the file.
    await t.call(trade.adminMakerSave, { ...MAKER_ROW, spread_bps: 20, levels: 5 }, { token: boss.token });
  });

  it('follows a save made by another process (the database announcement)', async () => {
    const t = app();
    const db = database().db;
    const before = secondsTerms.get();
    const next = { v: secondsTerms.version() + 100, value: [...before, { ...SECONDS_ROW, id: 50, seconds: 600 }] };
    // What another process's save commits: the row, then the announcement.
    await db.execute(
      sql`INSERT INTO settings (key, value, public) VALUES ('product.seconds', ${JSON.stringify(next)}, false)
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    await db.execute(sql`SELECT pg_notify('live_setting', 'product.seconds')`);
    await expect.poll(() => secondsTerms.get().map((d) => d.seconds)).toContain(600);
    expect(okOf(micro.microSeconds, (await t.call(micro.microSeconds)).body).map((d) => d.seconds)).toContain(600);
  });
});
