import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as micro from '@contract/seconds';
import * as record from '@contract/record';
import * as wallet from '@contract/wallet';
import { parseLeaf } from '@contract/domain/settlement-chain';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { HOUR, SECOND } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { pushFeed } from '../testing/trade';
import { callWithKey, okOf } from '../testing/wallet';
import { translate } from '../i18n';

let feed = pushFeed();
const SYMBOL = 'BTC/USDT';
let era = 0;
const ownHour = (t: TestApp) => t.clock.set(new Date(Date.UTC(2033, 0, 1) + ++era * HOUR));

async function tick(t: TestApp, price: string) {
  feed.push({ kind: 'trade', symbol: SYMBOL, price, amount: '1', direction: 'buy', ts: t.clock.now().getTime() });
  await t.app.ctx.market.pump();
  await t.app.ctx.priceRecord.history.idle();
  await t.app.products.seconds.worker.idle();
}

const ticksOf = async (t: TestApp, q: Record<string, unknown>) =>
  okOf(record.recordTicks, (await t.call(record.recordTicks, q)).body);

/** Three 30-second orders of one user placed a few seconds apart, settled by later trades. */
async function settledOrders(t: TestApp) {
  const u = await registerUser(t);
  const funded = await callWithKey(
    t,
    wallet.walletChange,
    { currency_id: 3, number: '1000', from_field: 'legal', to_field: 'micro' },
    { token: u.token, key: randomUUID() },
  );
  expect(funded.body.type).toBe('ok');
  const start = t.clock.now().getTime();
  const ids: number[] = [];
  for (const [i, price] of ['100000', '100050', '100100'].entries()) {
    t.clock.set(new Date(start + i * 2 * SECOND));
    await tick(t, price);
    const res = await callWithKey(
      t,
      micro.microSubmit,
      { lang: 'en', match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '10' },
      { token: u.token, key: randomUUID() },
    );
    ids.push(okOf(micro.microSubmit, res.body).id);
  }
  for (const [after, price] of [
    [25, '100300'],
    [31, '100400'],
    [33, '99900'],
    [35, '100500'],
    [40, '100600'],
  ] as const) {
    t.clock.set(new Date(start + after * SECOND));
    await tick(t, price);
  }
  return { ids, start };
}

describeEachDatabase(
  'feed ticks of the settlement record',
  ({ app }) => {
    it('lists the entry and settlement ticks of every seconds order, each matching its record', async () => {
      const t = app();
      ownHour(t);
      const { ids, start } = await settledOrders(t);
      for (const id of ids) {
        const found = okOf(record.recordOf, (await t.call(record.recordOf, { ref: `seconds:${id}` })).body);
        const d = parseLeaf(found.leaves[0]!.body)!.data as Record<string, string | number | null>;
        expect(d.result).not.toBeNull();
        for (const [price, at, source] of [
          [d.open_price, d.open_price_at, d.open_source],
          [d.end_price, d.end_price_at, d.end_source],
        ]) {
          // What the record page links to: the pair's ticks at that feed time.
          const listed = await ticksOf(t, { pair: SYMBOL, from: at, to: at });
          expect(listed.total, `tick at ${String(at)} of order ${id}`).toBe(1);
          const [one] = listed.data;
          expect(one).toMatchObject({ pair: SYMBOL, ts: at, source });
          expect(Number(one!.price)).toBe(Number(price));
        }
      }
      // Entries at 0, 2 and 4 s; expiries at 30, 32 and 34 s settled by the trades of 25, 31 and
      // 33 s. Trades no settlement used (35 and 40 s) are not kept.
      const all = await ticksOf(t, { pair: SYMBOL, from: start, to: start + HOUR - 1, limit: 100 });
      expect(all.data.map((x) => (x.ts - start) / SECOND)).toEqual([33, 31, 25, 4, 2, 0]);
    });

    it('pages newest first and filters by pair and time', async () => {
      const t = app();
      ownHour(t);
      const { start } = await settledOrders(t);
      const window = { pair: SYMBOL, from: start, to: start + HOUR - 1 };
      const first = await ticksOf(t, { ...window, page: 1, limit: 2 });
      expect(first).toMatchObject({ total: 6, current_page: 1, last_page: 3 });
      const pages = [first.data];
      for (const page of [2, 3]) pages.push((await ticksOf(t, { ...window, page, limit: 2 })).data);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
      const seen = pages.flat().map((x) => x.ts);
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
      expect(new Set(seen).size).toBe(6);
      expect((await ticksOf(t, { ...window, page: 4, limit: 2 })).data).toEqual([]);
      expect((await ticksOf(t, { ...window, from: start + 3 * SECOND, to: start + 32 * SECOND })).total).toBe(3);
      expect((await ticksOf(t, { ...window, pair: 'ETH/USDT' })).total).toBe(0);
    });

    it('refuses bad input with the field named, and answers a burst alike', async () => {
      const t = app();
      const refused = async (q: Record<string, unknown>, message: string, field: string) =>
        expect((await t.call(record.recordTicks, q, { lang: 'en' })).body).toEqual({
          type: 'error',
          message: translate('en', message, { field }),
        });
      await refused({ pair: 'X'.repeat(25) }, 'field_too_long', 'pair');
      await refused({ from: 'yesterday' }, 'field_invalid', 'from');
      await refused({ to: -1 }, 'field_invalid', 'to');
      await refused({ page: 0 }, 'field_invalid', 'page');
      await refused({ limit: 101 }, 'field_invalid', 'limit');
      expect((await t.call(record.recordTicks, { pair: 'a\u0000b' })).body.type).toBe('error');
      const burst = await Promise.all(Array.from({ length: 12 }, () => t.call(record.recordTicks, { limit: 5 })));
      const bodies = burst.map((r) => JSON.stringify(r.body));
      expect(burst.every((r) => r.body.type === 'ok')).toBe(true);
      expect(new Set(bodies).size).toBe(1);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
