import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import * as micro from '@contract/seconds';
import * as wallet from '@contract/wallet';
import { checkInvariants, hold, inTransaction, systemBalance, userAccount } from '../../ledger/index';
import { priceAt, secondOf } from '../../market/price-history';
import { outcome } from './outcome';
import { escrowMismatches } from '../../testing/seconds';
import { translate } from '../../i18n';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { HOUR, SECOND } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { clientFactory, collect, listen, nextEvent } from '../../testing/socket-client';
import { pushFeed } from '../../testing/trade';
import { insertMicroOrder } from './repo';
import { callWithKey, okOf } from '../../testing/wallet';

const clients = clientFactory();
afterEach(() => clients.closeAll());

let feed = pushFeed();
const BTC = 'BTC/USDT';
const HOUSE_CAP = '250';

/** The feed trades BTC/USDT at `price` now; the record is written and due orders settled. */
async function tick(t: TestApp, f: ReturnType<typeof pushFeed>, price: string, symbol = BTC) {
  f.push({ kind: 'trade', symbol, price, amount: '1', direction: 'buy', ts: t.clock.now().getTime() });
  await t.app.ctx.market.pump();
  await t.app.ctx.priceRecord.history.idle();
  await t.app.products.seconds.worker.idle();
}

/** Moves `usdt` of the user's demo USDT into the micro (options) account. */
async function fundMicro(t: TestApp, token: string, usdt = '1000') {
  const res = await callWithKey(
    t,
    wallet.walletChange,
    { currency_id: 3, number: usdt, from_field: 'legal', to_field: 'micro' },
    { token, key: randomUUID() },
  );
  if (res.body.type !== 'ok') throw new Error(JSON.stringify(res.body));
}

const submit = (t: TestApp, token: string, body: Record<string, unknown> = {}, key = randomUUID()) =>
  callWithKey(
    t,
    micro.microSubmit,
    { lang: 'en', match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100', ...body },
    { token, key },
  );

const microBalance = async (t: TestApp, token: string) =>
  okOf(micro.payableCurrencies, (await t.call(micro.payableCurrencies, {}, { token })).body)[0]!;

const result = async (t: TestApp, token: string, id: number) =>
  okOf(micro.microResult, (await t.call(micro.microResult, { id }, { token })).body);

const error = (message: unknown) => ({ type: 'error', message });

/**
 * Tests of a file share a database: each test moves its clocks to an hour of its own, so one
 * test's recorded prices and open orders never fall in another's window.
 */
let era = 0;
const ERA_START = Date.UTC(2031, 0, 1);
function ownHour(...apps: TestApp[]): void {
  era += 1;
  for (const a of apps) a.clock.set(new Date(ERA_START + era * HOUR));
}

describeEachDatabase(
  'seconds contracts',
  ({ app, database }) => {
    it('publishes durations and settles win and loss on the last feed trade at or before expiry', async () => {
      const t = app();
      ownHour(t);
      const published = okOf(micro.microSeconds, (await t.call(micro.microSeconds)).body);
      expect(published.map((d) => [d.seconds, d.profit_ratio])).toEqual([
        [30, '0.2'],
        [60, '0.3'],
        [180, '0.5'],
        [300, '0.6'],
      ]);
      const { token, user } = await registerUser(t);
      await fundMicro(t, token);
      await tick(t, feed, '100000');
      const houseBefore = await systemBalance(database().db, 'house', 3);
      const up = okOf(micro.microSubmit, (await submit(t, token, { type: 1 })).body);
      const down = okOf(micro.microSubmit, (await submit(t, token, { type: 2 })).body);
      expect(up).toMatchObject({
        symbol: BTC,
        status: 'holding',
        open_price: '100000',
        open_source: 'simulated',
        number: '100',
        profit_ratio: '0.2',
        end_price: null,
        result: null,
      });
      expect(up.end_at % 1000).toBe(0);
      expect(up.end_at - up.created_at).toBeGreaterThanOrEqual(30 * SECOND);
      expect(up.end_at - up.created_at).toBeLessThan(31 * SECOND);
      expect(await microBalance(t, token)).toMatchObject({ micro_balance: '800', lock_micro_balance: '200' });
      // Each stake is its own record of the user's micro account, out to the escrow.
      const staked = (await database().db.execute(
        sql`SELECT e.amount FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE t.kind = 'micro_stake' AND t.user_id = ${user.id} AND a.user_id = ${user.id} AND a.type = 4`,
      )) as unknown as { rows: { amount: string }[] };
      expect(staked.rows.map((r) => Number(r.amount))).toEqual([-100, -100]);
      expect(await escrowMismatches(database().db)).toEqual([]);
      const holding = okOf(micro.microLists, (await t.call(micro.microLists, {}, { token })).body);
      expect(holding.data.map((o) => o.id).sort()).toEqual([up.id, down.id].sort());
      expect(holding.data[0]!.remaining_ms).toBeGreaterThan(29 * SECOND);

      // The last trade before expiry is 100500; a later one (99000) must not count.
      t.clock.set(new Date(up.end_at - 300));
      await tick(t, feed, '100500');
      const lastBefore = t.clock.now().getTime();
      expect((await result(t, token, up.id)).status).toBe('holding');
      t.clock.set(new Date(up.end_at + 400));
      await tick(t, feed, '99000');

      const won = await result(t, token, up.id);
      expect(won).toMatchObject({
        status: 'settled',
        result: 'win',
        end_price: '100500',
        end_price_at: lastBefore,
        end_source: 'simulated',
        payout: '120',
        profit: '20',
        remaining_ms: 0,
      });
      expect(await result(t, token, down.id)).toMatchObject({ result: 'loss', payout: '0', profit: '-100' });
      // 1000 - 2 x 100 staked + 120 paid for the win.
      expect(await microBalance(t, token)).toMatchObject({ micro_balance: '920', lock_micro_balance: '0' });
      const houseAfter = await systemBalance(database().db, 'house', 3);
      // The house paid 20 of profit and took 100 of stake.
      expect(Number(houseAfter.available) - Number(houseBefore.available)).toBe(80);
      const history = okOf(
        micro.microLists,
        (await t.call(micro.microLists, { status: 'history', match_id: 1 }, { token })).body,
      );
      expect(history).toMatchObject({ total: 2, current_page: 1 });
      expect(await escrowMismatches(database().db)).toEqual([]);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('the wallet counts open stakes as held in the micro account until they settle', async () => {
      const t = app();
      ownHour(t);
      const { token } = await registerUser(t);
      await fundMicro(t, token);
      await tick(t, feed, '100000');
      const microUsdt = async () =>
        okOf(wallet.walletDetail, (await t.call(wallet.walletDetail, { currency: 3, type: 'micro' }, { token })).body);
      const total = async () =>
        okOf(wallet.walletList, (await t.call(wallet.walletList, {}, { token })).body).micro_wallet.usdt_total;
      const before = await total();
      // Read once before the order, so the ledger's balances are cached when the stake moves out.
      expect(await microUsdt()).toMatchObject({ available: '1000', held: '0' });
      const order = okOf(micro.microSubmit, (await submit(t, token, { number: '100' })).body);
      expect(await microUsdt()).toMatchObject({ available: '900', held: '100' });
      expect(await total()).toBe(before);
      // A loss writes nothing to the user's accounts; the stake still leaves the held figure.
      t.clock.set(new Date(order.end_at - 100));
      await tick(t, feed, '99000');
      t.clock.set(new Date(order.end_at + 10));
      await tick(t, feed, '99000');
      expect(await result(t, token, order.id)).toMatchObject({ result: 'loss' });
      expect(await microUsdt()).toMatchObject({ available: '900', held: '0' });
    });

    it("refunds a tie and announces each settlement on its owner's live connection only", async () => {
      const t = app();
      ownHour(t);
      const url = await listen(t.app);
      const { token } = await registerUser(t);
      const other = await registerUser(t);
      await fundMicro(t, token);
      await tick(t, feed, '100000');
      const order = okOf(micro.microSubmit, (await submit(t, token, { seconds: 60, number: '50' })).body);
      const mine = await clients.connect(url);
      expect(await mine.emitWithAck('login', { token })).toMatchObject({ type: 'ok' });
      const theirs = await clients.connect(url);
      expect(await theirs.emitWithAck('login', { token: other.token })).toMatchObject({ type: 'ok' });
      const announced = nextEvent(mine, 'closed_microorder');
      const seenByOther = collect(theirs, 500);
      t.clock.set(new Date(order.end_at - 100));
      await tick(t, feed, '100000');
      t.clock.set(new Date(order.end_at + 10));
      await tick(t, feed, '100001');
      expect(await announced).toEqual({ type: 'closed_microorder', id: order.id, symbol: BTC, result: 'tie' });
      expect(await seenByOther).toEqual([]);
      expect(await result(t, token, order.id)).toMatchObject({ result: 'tie', payout: '50', profit: '0' });
      expect(await microBalance(t, token)).toMatchObject({ micro_balance: '1000', lock_micro_balance: '0' });
    });

    it('answers the outcome as a function of the stored feed prices alone', async () => {
      const t = app();
      ownHour(t);
      const { token } = await registerUser(t);
      await fundMicro(t, token, '2000');
      const prices = ['100000', '100010', '99990', '100010', '100010', '99000'];
      const ids: number[] = [];
      for (const [i, price] of prices.entries()) {
        await tick(t, feed, price);
        for (const type of [1, 2]) {
          ids.push(okOf(micro.microSubmit, (await submit(t, token, { type, number: String(10 + i) })).body).id);
        }
        t.clock.advance(7 * SECOND);
      }
      for (let i = 0; i < 10; i++) {
        await tick(t, feed, prices[i % prices.length]!);
        t.clock.advance(7 * SECOND);
      }
      for (const id of ids) {
        const o = await result(t, token, id);
        expect(o.status).toBe('settled');
        // Recomputed from the record alone: the stored trades at entry and at expiry.
        const end = await priceAt(database().db, o.match_id, o.end_at);
        expect(end).toEqual({ price: o.end_price, ts: o.end_price_at, source: o.end_source });
        const open = await priceAt(database().db, o.match_id, secondOf(o.open_price_at));
        expect(open).toEqual({ price: o.open_price, ts: o.open_price_at, source: o.open_source });
        const again = outcome(o.type as micro.MicroType, o.open_price, o.end_price, o.number, o.profit_ratio);
        expect({ result: o.result, payout: o.payout, profit: o.profit }).toEqual(again);
      }
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('settles orders that expired while the server was down at the stored price at their expiry', async () => {
      const firstFeed = pushFeed();
      const first = await createTestApp(database(), { market: { manual: true, feed: firstFeed } });
      ownHour(first);
      const { token } = await registerUser(first);
      await fundMicro(first, token);
      await tick(first, firstFeed, '100000');
      const settledOnRecord = okOf(micro.microSubmit, (await submit(first, token, { type: 1 })).body);
      first.clock.set(new Date(settledOnRecord.end_at - 2 * SECOND));
      // Accepted 2 s before the other expires: nothing recorded after it before the stop.
      await tick(first, firstFeed, '100700');
      const recordedAt = first.clock.now().getTime();
      const voided = okOf(micro.microSubmit, (await submit(first, token, { type: 2 })).body);
      await first.close();

      // The server comes back two minutes after the first expiry, the market far from then.
      const again = pushFeed();
      const second = await createTestApp(database(), { market: { manual: true, feed: again } });
      try {
        second.clock.set(new Date(settledOnRecord.end_at + 120 * SECOND));
        await tick(second, again, '90000');
        expect(await result(second, token, settledOnRecord.id)).toMatchObject({
          status: 'settled',
          result: 'win',
          end_price: '100700',
          end_price_at: recordedAt,
        });
        // Its own expiry has no live trade in the record (the last is 30 s older): void, refunded.
        expect(await result(second, token, voided.id)).toMatchObject({
          status: 'settled',
          result: 'void',
          end_price: null,
          payout: '100',
          profit: '0',
        });
        expect(await microBalance(second, token)).toMatchObject({ micro_balance: '1020', lock_micro_balance: '0' });
        expect((await checkInvariants(database().db)).ok).toBe(true);
      } finally {
        await second.close();
      }
    });

    it('settles an order accepted before the escrow from its hold, in one batch with escrowed ones', async () => {
      const t = app();
      ownHour(t);
      const { token, user } = await registerUser(t);
      await fundMicro(t, token);
      await tick(t, feed, '100000');
      const down = okOf(micro.microSubmit, (await submit(t, token, { type: 2 })).body);
      // An up order as the previous release accepted it: its stake in a hold on the micro account.
      const db = database().db;
      const legacy = await inTransaction(db, async (tx) => {
        const held = await hold(tx, {
          account: userAccount(user.id, 3, 'micro'),
          amount: '100',
          kind: 'micro_stake',
          userId: user.id,
          at: t.clock.now(),
        });
        return insertMicroOrder(tx, {
          userId: user.id,
          pairId: 1,
          currencyId: 3,
          type: 1,
          seconds: 30,
          stake: '100',
          profitRatio: '0.2',
          openPrice: '100000',
          openPriceAt: down.open_price_at,
          openSource: 'simulated',
          endAt: down.end_at,
          status: 'holding',
          holdId: held.holdId,
          createdAt: t.clock.now(),
        });
      });
      expect(await microBalance(t, token)).toMatchObject({ micro_balance: '800', lock_micro_balance: '200' });
      expect(await escrowMismatches(db)).toEqual([]);
      t.clock.set(new Date(down.end_at - 300));
      await tick(t, feed, '100500');
      t.clock.set(new Date(down.end_at + 400));
      await tick(t, feed, '99000');

      const won = await result(t, token, legacy.id);
      expect(won).toMatchObject({ status: 'settled', result: 'win', payout: '120' });
      expect(await result(t, token, down.id)).toMatchObject({ status: 'settled', result: 'loss', payout: '0' });
      // The hold is closed by the transaction that settled its order, together with the escrowed one.
      const [closed] = (
        (await db.execute(
          sql`SELECT h.status, h.remaining, h.close_tx_id, o.settle_tx_id, d.settle_tx_id AS other_tx
            FROM micro_orders o JOIN ledger_holds h ON h.id = o.hold_id JOIN micro_orders d ON d.id = ${down.id}
            WHERE o.id = ${legacy.id}`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      expect(closed).toMatchObject({ status: 'posted' });
      expect(Number(closed!.remaining)).toBe(0);
      expect(Number(closed!.close_tx_id)).toBe(Number(closed!.settle_tx_id));
      expect(Number(closed!.other_tx)).toBe(Number(closed!.settle_tx_id));
      expect(await microBalance(t, token)).toMatchObject({ micro_balance: '920', lock_micro_balance: '0' });
      expect(await escrowMismatches(db)).toEqual([]);
      expect((await checkInvariants(db)).ok).toBe(true);
    });

    it('refuses orders on a stale feed and over the house cap, with a clear message', async () => {
      const capped = pushFeed();
      const t = await createTestApp(database(), {
        market: { manual: true, feed: capped },
        seconds: { houseCap: HOUSE_CAP },
      });
      ownHour(t);
      try {
        await staleAndCap(t, capped);
      } finally {
        await t.close();
      }
    });

    async function staleAndCap(t: TestApp, feed: ReturnType<typeof pushFeed>) {
      const { token } = await registerUser(t);
      await fundMicro(t, token);
      const stale = error(
        'There is no live price for this pair at the moment, so seconds contracts are paused; please try again shortly',
      );
      // No trade yet, then a trade older than the stale threshold.
      expect((await submit(t, token)).body).toEqual(stale);
      await tick(t, feed, '100000');
      t.clock.advance(t.config.marketStaleMs + SECOND);
      expect((await submit(t, token)).body).toEqual(stale);
      await tick(t, feed, '100000');
      expect((await submit(t, token, { number: '100' })).body).toMatchObject({ type: 'ok' });
      expect((await submit(t, token, { number: '100' })).body).toMatchObject({ type: 'ok' });
      expect((await submit(t, token, { number: '100' })).body).toEqual(
        error('Too much is already staked in this direction on BTC/USDT: at most 50 USDT more can be accepted now'),
      );
      // The other direction has its own cap.
      expect((await submit(t, token, { type: 2, number: '100' })).body.type).toBe('ok');
      expect((await t.call(micro.microLists, { status: 'holding' }, { token })).body).toMatchObject({
        message: { total: 3 },
      });
    }

    it('takes the duration only as a JSON integer or its decimal digits', async () => {
      const t = app();
      ownHour(t);
      const { token } = await registerUser(t);
      await fundMicro(t, token);
      await tick(t, feed, '100000');
      const json = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/microtrade/submit?lang=th',
          headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          payload: JSON.stringify({ match_id: 1, currency_id: 3, type: 1, number: '100', ...payload }),
        });
      // 0x1e, 3e1, +30, 30.0, " 30 " and 030 all read 30 with a lenient parse.
      for (const seconds of ['0x1e', '0b11110', '3e1', '+30', '30.0', ' 30 ', '030']) {
        expect((await submit(t, token, { seconds })).body, seconds).toEqual(error('Duration is invalid'));
      }
      expect((await json({ seconds: true })).json()).toEqual(
        error(translate('th', 'field_invalid', { field: 'seconds' })),
      );
      expect((await json({ seconds: 30.5 })).json()).toEqual(
        error(translate('th', 'field_invalid', { field: 'seconds' })),
      );
      expect((await microBalance(t, token)).micro_balance).toBe('1000');
      // The forms the app sends: digits in a form body, integers in JSON.
      expect((await submit(t, token, { seconds: '30' })).body.type).toBe('ok');
      expect((await json({ seconds: 30 })).json()).toMatchObject({ type: 'ok' });
    });

    it('refuses bad input by field and hides other users orders', async () => {
      const t = app();
      ownHour(t);
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await fundMicro(t, alice.token);
      await tick(t, feed, '100000');
      const cases: [Record<string, unknown>, string][] = [
        [{ type: 3 }, 'Type is invalid'],
        [{ seconds: 45 }, 'This duration is not offered; please choose one of the published durations'],
        [{ number: '5' }, 'The stake must be between 10 and 5000 USDT'],
        [{ number: '5000.5' }, 'The stake must be between 10 and 5000 USDT'],
        [{ number: 'abc' }, 'Please enter the correct quantity, price or amount'],
        [{ number: undefined }, 'Quantity is required'],
        [{ match_id: 7 }, 'Seconds contracts are not offered on this pair'],
        [{ match_id: 999 }, 'This trading pair does not exist'],
        [{ match_id: 'x' }, 'Trading pair is invalid'],
        [{ currency_id: 1 }, 'This currency is not supported'],
      ];
      for (const [body, message] of cases) expect((await submit(t, alice.token, body)).body).toEqual(error(message));
      expect((await submit(t, alice.token, { number: '2000' })).body).toEqual(
        error('Insufficient balance: 1000 USDT available in your options account'),
      );
      const noKey = await t.app.inject({
        method: 'POST',
        url: '/api/microtrade/submit',
        headers: { authorization: alice.token, 'content-type': 'application/json' },
        payload: JSON.stringify({ match_id: 1, currency_id: 3, type: 1, seconds: 30, number: '100' }),
      });
      expect(noKey.json()).toEqual(error(expect.stringContaining('Idempotency-Key')));

      const key = randomUUID();
      const order = okOf(micro.microSubmit, (await submit(t, alice.token, {}, key)).body);
      // The same key and body replay the order; another body under it is refused.
      expect(okOf(micro.microSubmit, (await submit(t, alice.token, {}, key)).body).id).toBe(order.id);
      expect((await submit(t, alice.token, { number: '20' }, key)).body.type).toBe('error');
      const notFound = error('The order does not exist');
      expect((await t.call(micro.microResult, { id: order.id, lang: 'en' }, { token: bob.token })).body).toEqual(
        notFound,
      );
      expect((await t.call(micro.microResult, { id: 999_999, lang: 'en' }, { token: alice.token })).body).toEqual(
        notFound,
      );
      expect(okOf(micro.microLists, (await t.call(micro.microLists, {}, { token: bob.token })).body).total).toBe(0);
      expect((await t.call(micro.microLists, { status: 'open', lang: 'en' }, { token: alice.token })).body).toEqual(
        error('Status is invalid'),
      );
    });

    it('accepts a burst of concurrent orders only as far as the balance goes', async () => {
      const t = app();
      ownHour(t);
      const { token } = await registerUser(t);
      await fundMicro(t, token, '1000');
      await tick(t, feed, '100000');
      const replies = await Promise.all(
        Array.from({ length: 16 }, (_, i) => submit(t, token, { type: (i % 2) + 1, number: '100' })),
      );
      const accepted = replies.filter((r) => r.body.type === 'ok');
      expect(accepted).toHaveLength(10);
      for (const r of replies.filter((x) => x.body.type !== 'ok')) {
        expect(r.body.message).toMatch(/^Insufficient balance: \d+ USDT available in your options account$/);
      }
      expect(await microBalance(t, token)).toMatchObject({ micro_balance: '0', lock_micro_balance: '1000' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('settles each order exactly once with two workers on the same database', async () => {
      const feedA = pushFeed();
      const a = await createTestApp(database(), {
        market: { manual: true, feed: feedA },
        seconds: { settle: false, batchSize: 7 },
      });
      ownHour(a);
      const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(a)));
      for (const u of users) await fundMicro(a, u.token, '5000');
      await tick(a, feedA, '100000');
      const ids: number[] = [];
      for (let i = 0; i < 120; i++) {
        const u = users[i % users.length]!;
        const body = { type: (i % 2) + 1, number: String(10 + (i % 7)) };
        ids.push(okOf(micro.microSubmit, (await submit(a, u.token, body)).body).id);
      }
      const last = await result(a, users[(ids.length - 1) % users.length]!.token, ids[ids.length - 1]!);
      const otherFeed = pushFeed();
      const b = await createTestApp(database(), {
        market: { manual: true, feed: otherFeed },
        seconds: { settle: false, batchSize: 7 },
      });
      try {
        // Both processes see the same feed; neither settles until both are asked at once.
        for (const [price, at] of [
          ['100100', last.end_at - 500],
          ['99900', last.end_at + 500],
        ] as const) {
          for (const x of [a, b]) {
            x.clock.set(new Date(at));
            await tick(x, x === a ? feedA : otherFeed, price);
          }
        }
        const [byA, byB] = await Promise.all([
          a.app.products.seconds.worker.settleDue(),
          b.app.products.seconds.worker.settleDue(),
        ]);
        // Earlier tests' open orders on this database are due too; ours are all among them.
        expect(byA + byB).toBeGreaterThanOrEqual(ids.length);
        if (database().kind === 'postgres') expect(Math.min(byA, byB)).toBeGreaterThan(0);
        const db = database().db;
        // Each order settled once, by a settlement transaction it names, its stake out of escrow;
        // every user's micro balance is what they funded, less their stakes, plus their payouts.
        const closed = (await db.execute(
          sql`SELECT count(*)::int AS n FROM micro_orders o JOIN ledger_transactions t ON t.id = o.settle_tx_id
            WHERE o.id = ANY(${sql.param(ids)}::bigint[]) AND o.status = 'settled' AND o.hold_id IS NULL
              AND t.kind IN ('micro_settle', 'micro_refund')`,
        )) as unknown as { rows: { n: number }[] };
        expect(Number(closed.rows[0]?.n)).toBe(ids.length);
        expect(await escrowMismatches(db)).toEqual([]);
        for (const u of users) {
          const own = okOf(
            micro.microLists,
            (await a.call(micro.microLists, { status: 'history', limit: 100 }, { token: u.token })).body,
          );
          const net = own.data.reduce((sum, o) => sum - Number(o.number) + Number(o.payout), 0);
          expect(own.total).toBe(ids.length / users.length);
          expect(Number((await microBalance(a, u.token)).micro_balance)).toBeCloseTo(5000 + net, 9);
        }
        for (const u of users) {
          const list = okOf(
            micro.microLists,
            (await a.call(micro.microLists, { limit: 100 }, { token: u.token })).body,
          );
          expect(list.total).toBe(0);
        }
        expect((await checkInvariants(db)).ok).toBe(true);
      } finally {
        await b.close();
        await a.close();
      }
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
