import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as micro from '@contract/seconds';
import * as record from '@contract/record';
import * as proof from '@contract/proof';
import * as wallet from '@contract/wallet';
import { parseBody, parseLeaf, verifyChain, verifyLeaf, type RecordInput } from '@contract/domain/settlement-chain';
import { rows } from '../db/rows';
import { inTransaction } from '../ledger/index';
import { outcome } from '../products/seconds/outcome';
import type { Trading } from '../trading/core';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { HOUR, SECOND } from '../testing/clock';
import { describeEachDatabase } from '../testing/suite';
import { wholeChain } from '../testing/records';
import { pushFeed } from '../testing/trade';
import { BTC, BTC_USDT, limit, tradingUser, USDT } from '../testing/trading';
import { callWithKey, okOf } from '../testing/wallet';
import { appendRecords, partyHash, readHead, sha256 } from './index';

let feed = pushFeed();
const SYMBOL = 'BTC/USDT';
let era = 0;
const ownHour = (t: TestApp) => t.clock.set(new Date(Date.UTC(2032, 0, 1) + ++era * HOUR));

async function tick(t: TestApp, price: string) {
  feed.push({ kind: 'trade', symbol: SYMBOL, price, amount: '1', direction: 'buy', ts: t.clock.now().getTime() });
  await t.app.ctx.market.pump();
  await t.app.ctx.priceRecord.history.idle();
  await t.app.products.seconds.worker.idle();
}

const fakeRecord = (i: number): RecordInput => ({
  kind: 'spot_fill',
  pair: SYMBOL,
  at: i,
  ref: `test:${randomUUID()}`,
  data: { n: i },
});

describeEachDatabase(
  'settlement record',
  ({ app }) => {
    it('recomputes every seconds outcome of a seeded run from the record alone, matching the ledger', async () => {
      const t = app();
      ownHour(t);
      const users = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
      for (const u of users) {
        const res = await callWithKey(
          t,
          wallet.walletChange,
          { currency_id: 3, number: '1000', from_field: 'legal', to_field: 'micro' },
          { token: u.token, key: randomUUID() },
        );
        expect(res.body.type).toBe('ok');
      }
      await tick(t, '100000');
      const orders: { id: number; user: number }[] = [];
      for (const [i, u] of users.entries()) {
        for (const [type, seconds, number] of [
          [1, 30, '100'],
          [2, 30, '50'],
          [1, 60, '10'],
          [2, 60, String(20 + i)],
        ] as const) {
          const res = await callWithKey(
            t,
            micro.microSubmit,
            { lang: 'en', match_id: 1, currency_id: 3, type, seconds, number },
            { token: u.token, key: randomUUID() },
          );
          orders.push({ id: okOf(micro.microSubmit, res.body).id, user: u.user.id });
        }
      }
      // Up at 30 s, a tie at 60 s.
      const start = t.clock.now().getTime();
      for (const [after, price] of [
        [10, '100200'],
        [25, '100700'],
        [45, '99000'],
        [58, '100000'],
        [70, '100100'],
      ] as const) {
        t.clock.set(new Date(start + after * SECOND));
        await tick(t, price);
      }
      const { records } = await wholeChain(t);
      expect(verifyChain(sha256, records).ok).toBe(true);
      // One record per pair of a settled batch, each listing its orders' leaf hashes.
      const batches = records.filter((r) => r.kind === 'seconds');
      expect(batches.length).toBeLessThan(orders.length);
      expect(batches.reduce((n, r) => n + Number(parseBody(r.body)!.data.orders), 0)).toBe(orders.length);
      const inChain = new Map(records.map((r) => [r.seq, r.hash]));
      const results = new Set<unknown>();
      const net = new Map<number, number>();
      for (const o of orders) {
        // An order's history links its settlement by the order's ref: its leaf and the record listing it.
        const found = okOf(record.recordOf, (await t.call(record.recordOf, { ref: `seconds:${o.id}` })).body);
        expect(found.records).toHaveLength(1);
        expect(found.leaves).toHaveLength(1);
        const r = found.records[0]!;
        expect(found.leaves[0]!.seq).toBe(r.seq);
        expect(inChain.get(r.seq), `record of order ${o.id} in the chain`).toBe(r.hash);
        expect(verifyChain(sha256, found.records, found.before!).ok).toBe(true);
        expect(verifyLeaf(sha256, r, found.leaves[0]!).ok).toBe(true);
        const leaf = parseLeaf(found.leaves[0]!.body)!;
        expect(leaf).toMatchObject({ kind: 'seconds', ref: `seconds:${o.id}`, pair: r.pair, at: r.at });
        const d = leaf.data as Record<string, string | number | null>;
        expect(d.owner).toBe(partyHash(o.user, o.id));
        // The outcome from the leaf's fields alone: a settlement tick older than the limit voids it.
        const live = d.end_price_at !== null && Number(d.end_price_at) > Number(d.end_at) - Number(d.stale_ms);
        const again = outcome(
          d.direction === 'up' ? 1 : 2,
          String(d.open_price),
          live ? String(d.end_price) : null,
          String(d.stake),
          String(d.ratio),
        );
        expect({ result: d.result, payout: Number(d.payout) }).toEqual({
          result: again.result,
          payout: Number(again.payout),
        });
        results.add(d.result);
        net.set(o.user, (net.get(o.user) ?? 0) - Number(d.stake) + Number(d.payout));
        const [row] = await rows(
          t.app.ctx.db,
          sql`SELECT result, payout, end_price FROM micro_orders WHERE id = ${o.id}`,
        );
        expect(row).toMatchObject({ result: d.result });
        expect(Number(row!.payout)).toBe(Number(d.payout));
      }
      expect(results).toEqual(new Set(['win', 'loss', 'tie']));
      // The ledger agrees: each user's micro balance is what the records paid.
      for (const u of users) {
        const [b] = await rows(
          t.app.ctx.db,
          sql`SELECT available, held FROM ledger_accounts WHERE user_id = ${u.user.id} AND type = 4 AND currency_id = 3`,
        );
        expect(Number(b!.held)).toBe(0);
        expect(Number(b!.available)).toBeCloseTo(1000 + net.get(u.user.id)!, 9);
      }
      // A leaf changed after the fact is no longer the one its record lists.
      const db = t.app.ctx.db;
      const ref = `seconds:${orders[0]!.id}`;
      const [set] = await rows(
        db,
        sql`SELECT record_ref, refs[1] AS first, bodies FROM settlement_leaf_sets WHERE ${ref} = ANY(refs)`,
      );
      const original = String(set!.bodies);
      // The first line is the first leaf's body.
      const changed = original.replace(/"payout":"[^"]*"/, '"payout":"1000000"');
      expect(changed.split('\n')[0]).not.toBe(original.split('\n')[0]);
      await db.execute(sql`UPDATE settlement_leaf_sets SET bodies = ${changed} WHERE record_ref = ${set!.record_ref}`);
      try {
        const tampered = okOf(record.recordOf, (await t.call(record.recordOf, { ref: String(set!.first) })).body);
        expect(tampered.leaves).toEqual([
          expect.objectContaining({ index: 0, seq: tampered.records[0]!.seq, body: changed.split('\n')[0] }),
        ]);
        expect(verifyLeaf(sha256, tampered.records[0]!, tampered.leaves[0]!)).toEqual({
          ok: false,
          fault: 'not_listed',
        });
      } finally {
        await db.execute(
          sql`UPDATE settlement_leaf_sets SET bodies = ${original} WHERE record_ref = ${set!.record_ref}`,
        );
      }
    });

    it('records spot fills with both sides hashed, filters by kind, pair and time, and refuses bad input', async () => {
      const t = app();
      const core = t.app.ctx.trading as Trading;
      const db = t.app.ctx.db;
      const seller = await tradingUser(db, { [BTC]: '0.01' });
      const buyer = await tradingUser(db, { [USDT]: '1000' });
      const sell = await core.place(limit(seller, BTC_USDT, 'sell', 9_700_000, 1000));
      const buy = await core.place(limit(buyer, BTC_USDT, 'buy', 9_800_000, 600));
      const [trade] = await rows(db, sql`SELECT id, price, qty FROM spot_trades WHERE taker_order_id = ${buy.id}`);
      const page = okOf(record.recordList, (await t.call(record.recordList, { kind: 'spot_fill', pair: SYMBOL })).body);
      const r = page.data.find((x) => x.ref === `spot_trade:${String(trade!.id)}`)!;
      expect(parseBody(r.body)!.data).toMatchObject({
        price: '97000',
        qty: '0.0006',
        value: '58.2',
        taker_side: 'buy',
        buyer: partyHash(buyer, buy.id),
        seller: partyHash(seller, sell.id),
      });
      expect(page.data.every((x) => x.kind === 'spot_fill' && x.pair === SYMBOL)).toBe(true);
      const later = okOf(record.recordList, (await t.call(record.recordList, { from: r.at + 1 })).body);
      expect(later.data.some((x) => x.seq === r.seq)).toBe(false);
      for (const bad of [{ kind: 'nope' }, { from: -1 }, { limit: 1000 }, { pair: 'x'.repeat(30) }]) {
        expect((await t.call(record.recordList, bad)).body.type).toBe('error');
      }
      expect((await t.call(record.recordChain, { after: 10_000_000 })).body.type).toBe('error');
      expect((await t.call(record.recordOf, {})).body.type).toBe('error');
      expect((await t.call(record.recordOf, { ref: 'seconds:0' })).body.type).toBe('error');
    });

    it('appends exactly once: rolled back with its settlement, consecutive under concurrent appenders', async () => {
      const t = app();
      const db = t.app.ctx.db;
      const before = await readHead(db);
      await expect(
        inTransaction(db, async (tx) => {
          await appendRecords(tx, [fakeRecord(1)]);
          throw new Error('the settlement failed');
        }),
      ).rejects.toThrow('the settlement failed');
      expect(await readHead(db)).toEqual(before);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          inTransaction(db, (tx) => appendRecords(tx, [fakeRecord(i), fakeRecord(i + 100)])),
        ),
      );
      const after = await readHead(db);
      expect(after.seq).toBe(before.seq + 40);
      const { records } = await wholeChain(t);
      expect(verifyChain(sha256, records, undefined, after).ok).toBe(true);
    });

    it('publishes the head each minute and in the proof snapshot; a tampered record breaks the chain there', async () => {
      const t = app();
      const db = t.app.ctx.db;
      await inTransaction(db, (tx) => appendRecords(tx, [fakeRecord(1), fakeRecord(2), fakeRecord(3)]));
      const head = await readHead(db);
      t.clock.set(new Date(t.clock.now().getTime() + 2 * 60 * SECOND));
      await t.app.ctx.scheduler.runDue();
      const heads = okOf(record.recordHeads, (await t.call(record.recordHeads, {})).body);
      expect(heads.data[0]).toMatchObject(head);
      const { records, published } = await wholeChain(t);
      expect(published).toMatchObject(head);
      expect(verifyChain(sha256, records, undefined, published!).ok).toBe(true);
      const snaps = okOf(proof.proofSnapshots, (await t.call(proof.proofSnapshots, {})).body);
      expect(snaps.data[0]?.record_head).toEqual(head);

      const target = head.seq - 1;
      const [row] = await rows(db, sql`SELECT body FROM settlement_records WHERE seq = ${target}`);
      const original = String(row!.body);
      await db.execute(
        sql`UPDATE settlement_records SET body = ${original.replace('"n":2', '"n":20')} WHERE seq = ${target}`,
      );
      try {
        const tampered = await wholeChain(t);
        expect(verifyChain(sha256, tampered.records, undefined, published!)).toEqual({
          ok: false,
          seq: target,
          fault: 'hash',
        });
      } finally {
        await db.execute(sql`UPDATE settlement_records SET body = ${original} WHERE seq = ${target}`);
      }
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
