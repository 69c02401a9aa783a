import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as lever from '@contract/futures';
import * as micro from '@contract/seconds';
import * as proof from '@contract/proof';
import * as trade from '@contract/trade';
import * as wallet from '@contract/wallet';
import type { InclusionProof } from '@contract/domain/merkle-sum-proof';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { adminUser } from '../../testing/fund';
import { deposit } from '../../testing/ledger';
import { describeEachDatabase } from '../../testing/suite';
import { fundChange, pushFeed } from '../../testing/trade';
import { balances, Money } from '../../ledger/index';
import { callWithKey, okOf } from '../../testing/wallet';
import { fromMinorUnits } from './amounts';

let feed = pushFeed();
const USDT = 3;

/** The feed trades BTC/USDT at `price` now; engines and the price record have seen it. */
async function price(t: TestApp, p: string) {
  feed.push({
    kind: 'trade',
    symbol: 'BTC/USDT',
    price: p,
    amount: '1',
    direction: 'buy',
    ts: t.clock.now().getTime(),
  });
  await t.app.ctx.market.pump();
  await t.app.ctx.priceRecord.history.idle();
  await t.app.products.futures.idle();
}

const takeSnapshot = async (t: TestApp, staffToken: string) =>
  okOf(proof.adminProofSnapshot, (await callWithKey(t, proof.adminProofSnapshot, {}, { token: staffToken })).body);

/** The user's amount of `currency` over their leaves of snapshot `id`. */
async function inSnapshot(t: TestApp, token: string, id: number, currency: string): Promise<string> {
  const mine = okOf(proof.proofMine, (await t.call(proof.proofMine, { id }, { token })).body);
  const c = mine.snapshot.currencies.indexOf(currency);
  const units = (mine.proofs as InclusionProof[]).reduce((s, p) => s + BigInt(p.leaf.balances[c] as string), 0n);
  return fromMinorUnits(units.toString());
}

/** The user's USDT over their leaves of a new snapshot. */
async function usdtInSnapshot(t: TestApp, token: string): Promise<string> {
  const admin = await adminUser(t);
  return inSnapshot(t, token, (await takeSnapshot(t, admin.token)).id, 'USDT');
}

/** A user's ledger total of a currency over all their accounts. */
async function ledgerTotal(t: TestApp, userId: number, currencyId: number): Promise<string> {
  const rows = (await balances(t.app.ctx.db, userId)).filter((r) => r.currencyId === currencyId);
  return rows.reduce((s, r) => s.plus(r.available).plus(r.held), new Money(0)).toFixed();
}

describeEachDatabase(
  'proof of liabilities: what products owe beside the accounts',
  ({ app }) => {
    it('counts a futures position’s unrealised profit at the feed’s price (its margin is in the ledger)', async () => {
      const t = app();
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, USDT, '1000', 'lever');
      await price(t, '20000');
      // 1 BTC long at 20,000, 50x: margin 400 held, fee 10 paid; at 20,100 the profit is 100.
      const body = { lang: 'en', currency_id: 1, legal_id: 3, share: 1000, multiple: 50, status: 1, type: 1 };
      okOf(
        lever.leverSubmit,
        (await callWithKey(t, lever.leverSubmit, body, { token: u.token, key: randomUUID() })).body,
      );
      await price(t, '20100');
      expect(await usdtInSnapshot(t, u.token)).toBe('11090');
    });

    it('counts a seconds stake held in the escrow until it settles', async () => {
      const t = app();
      const u = await registerUser(t);
      const move = { currency_id: USDT, number: '1000', from_field: 'legal', to_field: 'micro' };
      okOf(
        wallet.walletChange,
        (await callWithKey(t, wallet.walletChange, move, { token: u.token, key: randomUUID() })).body,
      );
      await price(t, '100000');
      const order = { lang: 'en', match_id: 1, currency_id: USDT, type: 1, seconds: 30, number: '100' };
      okOf(
        micro.microSubmit,
        (await callWithKey(t, micro.microSubmit, order, { token: u.token, key: randomUUID() })).body,
      );
      expect(await usdtInSnapshot(t, u.token)).toBe('10000');
    });

    it('reads a trade between two users as wholly before it or wholly after it', async () => {
      const t = app();
      const admin = await adminUser(t);
      const [a, b] = [await registerUser(t), await registerUser(t)];
      await fundChange(t, a.token);
      await fundChange(t, b.token);
      await price(t, '100000');
      const order = { lang: 'en', currency_id: 1, legal_id: 3, type: 'limit', amount: '0.01', target_price: '100000' };
      const place = (token: string, side: string) =>
        callWithKey(t, trade.placeOrder, { ...order, side }, { token, key: randomUUID() });
      okOf(trade.placeOrder, (await place(b.token, 'sell')).body);
      const state = async () =>
        Promise.all([a, b].flatMap((u) => [ledgerTotal(t, u.user.id, USDT), ledgerTotal(t, u.user.id, 1)]));
      const before = await state();
      // The crossing buy fills the resting sell while the snapshot is being taken.
      const [snap, bought] = await Promise.all([takeSnapshot(t, admin.token), place(a.token, 'buy')]);
      okOf(trade.placeOrder, bought.body);
      const after = await state();
      expect(after).not.toEqual(before);
      const seen = await Promise.all(
        [a, b].flatMap((u) => [inSnapshot(t, u.token, snap.id, 'USDT'), inSnapshot(t, u.token, snap.id, 'BTC')]),
      );
      expect([before, after]).toContainEqual(seen);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
