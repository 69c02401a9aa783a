import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as lock from '@contract/lockming';
import * as wallet from '@contract/wallet';
import { parseBody, type LeafBody } from '@contract/domain/settlement-chain';
import { rows } from '../../db/rows';
import type { Db } from '../../db/client';
import { checkInvariants, inTransaction, money } from '../../ledger/index';
import { partyHash } from '../../settlement-record/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR } from '../../testing/clock';
import { benchProduct, bulkLockOrders, interestRecord } from '../../testing/lockming';
import { refuseRecords, settlementOf, verifiedChain, wholeChain } from '../../testing/records';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf } from '../../testing/wallet';
import { LOCK_JOB_NAMES } from './jobs';
import { payDay } from './service';
import { dayOf } from './terms';

const USDT = 3;
let era = 0;
const ERA_START = Date.UTC(2035, 0, 1);
function ownDays(t: TestApp): number {
  era += 1;
  const start = ERA_START + era * 40 * DAY + HOUR;
  t.clock.set(new Date(start));
  return start;
}

async function runAt(t: TestApp, at: number) {
  t.clock.set(new Date(at));
  await t.app.ctx.scheduler.runDue();
}

async function lockUser(t: TestApp, productId: number, amount: string) {
  const u = await registerUser(t);
  const moved = await callWithKey(
    t,
    wallet.walletChange,
    { currency_id: USDT, number: amount, from_field: 'legal', to_field: 'change' },
    { token: u.token, key: randomUUID() },
  );
  expect(moved.body.type).toBe('ok');
  const res = await callWithKey(
    t,
    lock.lockDeposit,
    { lang: 'en', config_id: productId, amount },
    { token: u.token, key: randomUUID() },
  );
  return { ...u, order: okOf(lock.lockDeposit, res.body) };
}

/** What the ledger paid an order: interest by day, the principal released, the redemption's refund and penalty. */
async function ledgerOf(db: Db, orderId: number, userId: number) {
  const entries = await rows<{ kind: string; meta: Record<string, unknown>; amount: string; mine: boolean }>(
    db,
    sql`SELECT t.kind, t.meta, e.amount, (a.user_id = ${userId}) AS mine
      FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.kind IN ('lock_interest', 'lock_release', 'lock_redeem') AND (t.meta->>'orderId')::int = ${orderId}
        AND e.bucket = 'available' AND (a.user_id = ${userId} OR t.kind = 'lock_redeem')
      ORDER BY t.id, e.id`,
  );
  const interest = new Map<number, string>();
  let released: string | null = null;
  let refund: string | null = null;
  let penalty: string | null = null;
  for (const e of entries) {
    const amount = money(e.amount).toFixed();
    if (e.kind === 'lock_interest' && e.mine) {
      const day = Number(e.meta.day);
      expect(interest.has(day), `day ${day} of order ${orderId} paid once`).toBe(false);
      interest.set(day, amount);
    }
    if (e.kind === 'lock_release' && e.mine) released = amount;
    if (e.kind === 'lock_redeem') {
      if (e.mine) refund = amount;
      else penalty = amount;
    }
  }
  return { interest, released, refund, penalty };
}

type Paid = { day: number; interest: string; published_rate: string | null; published_at: number | null };

describeEachDatabase(
  'lock mining settlement records',
  ({ app, database }) => {
    it('records every payout as a leaf of its order, and the leaves recompute to what the ledger paid', async () => {
      const t = app();
      const start = ownDays(t);
      await t.app.ctx.scheduler.runDue();
      const day = (n: number) => (dayOf(start) + n) * DAY;
      const product = (okOf(lock.lockConfig, (await t.call(lock.lockConfig)).body) as lock.LockProduct[]).find(
        (p) => p.days === 5,
      )!;
      const users = [
        await lockUser(t, product.id, '100'),
        await lockUser(t, product.id, '1234.56789'),
        await lockUser(t, product.id, '10000'),
      ];
      // Days 1 and 2 paid by the daily job; the last user redeems on day 4 (day 3 paid then).
      await runAt(t, day(2) + HOUR);
      await runAt(t, day(3) + HOUR);
      t.clock.set(new Date(day(4) + HOUR));
      const early = users[2]!;
      const cancel = await callWithKey(
        t,
        lock.lockCancel,
        { lang: 'en', id: early.order.id },
        { token: early.token, key: randomUUID() },
      );
      expect(okOf(lock.lockCancel, cancel.body)).toMatchObject({ redeem_kind: 'early', remaining_days: 0 });
      // The others: days 3 and 4 by the daily job, day 5 and the principal at maturity.
      await runAt(t, day(5) + HOUR);
      await runAt(t, day(6) + HOUR);
      await verifiedChain(t);

      for (const u of users) {
        const ref = `lock_mining:${u.order.id}`;
        const { records, leaves } = await settlementOf(t, ref);
        expect(leaves.every((l) => l.ref === ref && l.kind === 'lock_mining')).toBe(true);
        expect(new Set(leaves.map((l) => l.data.owner))).toEqual(new Set([partyHash(u.user.id, u.order.id)]));
        const ledger = await ledgerOf(t.app.ctx.db, u.order.id, u.user.id);
        const paid = leaves.flatMap((l) => l.data.paid as Paid[]);
        // Each interest day once, in order, as the ledger paid it; each rate published before its day.
        expect(paid.map((p) => p.day)).toEqual([1, 2, 3, 4, 5].slice(0, u === early ? 3 : 5).map(day));
        expect(new Map(paid.map((p) => [p.day, money(p.interest).toFixed()]))).toEqual(ledger.interest);
        for (const p of paid) if (p.published_at !== null) expect(p.published_at).toBeLessThan(p.day);
        const events = leaves.map((l) => l.data.event);
        const last = leaves[leaves.length - 1]!;
        if (u === early) {
          expect(events).toEqual(['interest', 'interest', 'redemption']);
          expect((last.data.paid as Paid[]).map((p) => p.day)).toEqual([day(3)]);
          expect(last.data).toMatchObject({ remaining_days: 1, penalty: ledger.penalty, refund: ledger.refund });
          expect(records[records.length - 1]!.ref).toBe(`lock_redeem:${u.order.id}`);
        } else {
          // Day 5 is paid by the daily job or by the maturity sweep, whichever of the two runs first.
          expect(events.slice(0, 4)).toEqual(['interest', 'interest', 'interest', 'interest']);
          expect(events[events.length - 1]).toBe('maturity');
          expect(last.data.principal_released).toBe(ledger.released);
          expect(ledger.released).toBe(u.order.amount);
          const total = [...ledger.interest.values()].reduce((sum, v) => sum.plus(v), money(0));
          expect(last.data.interest_total).toBe(total.toFixed());
        }
      }
      // One record per day's run, listing every order it paid.
      const chain = (await wholeChain(t)).records.map((r) => parseBody(r.body)!);
      const dayTwo = chain.filter((b) => b.kind === 'lock_mining' && b.data.day === day(2));
      expect(dayTwo).toHaveLength(1);
      expect(dayTwo[0]!.data).toMatchObject({ event: 'interest', orders: 3 });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('a day whose record cannot be written pays nobody; two runs at once pay and record each order once', async () => {
      const t = app();
      const start = ownDays(t);
      const db = t.app.ctx.db;
      const first = dayOf(start) + 1;
      const product = await benchProduct(db, 5, new Date(start), first, first + 5);
      const ids = await bulkLockOrders(db, product, 40, '500', new Date(start));
      const now = new Date((first + 1) * DAY + HOUR);
      const refuse = await refuseRecords(db, 'lock_mining');
      try {
        await expect(inTransaction(db, (tx) => payDay(tx, first, now))).rejects.toThrow();
      } finally {
        await refuse();
      }
      expect(await interestRecord(db, ids, first)).toEqual({ payments: 0, most: 0, behind: ids.length });

      const runs = await Promise.all([
        inTransaction(db, (tx) => payDay(tx, first, now)),
        inTransaction(db, (tx) => payDay(tx, first, now)),
      ]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(ids.length);
      expect(await interestRecord(db, ids, first)).toEqual({ payments: ids.length, most: 1, behind: 0 });
      await verifiedChain(t);
      const leaves: LeafBody[] = [];
      for (const id of ids) {
        const found = await settlementOf(t, `lock_mining:${id}`);
        expect(found.leaves).toHaveLength(1);
        leaves.push(found.leaves[0]!);
      }
      expect(leaves.map((l) => (l.data.paid as Paid[]).map((p) => p.day))).toEqual(ids.map(() => [first * DAY]));
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });
  },
  { scheduler: { jobs: [...LOCK_JOB_NAMES] } },
);
