import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as lever from '@contract/futures';
import * as micro from '@contract/seconds';
import * as proof from '@contract/proof';
import * as wallet from '@contract/wallet';
import type { InclusionProof } from '@contract/domain/merkle-sum-proof';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { adminUser } from '../../testing/fund';
import { deposit } from '../../testing/ledger';
import { describeEachDatabase } from '../../testing/suite';
import { pushFeed } from '../../testing/trade';
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

/** The user's USDT over their leaves of a new snapshot. */
async function usdtInSnapshot(t: TestApp, token: string): Promise<string> {
  const admin = await adminUser(t);
  const snap = okOf(
    proof.adminProofSnapshot,
    (await callWithKey(t, proof.adminProofSnapshot, {}, { token: admin.token })).body,
  );
  const mine = okOf(proof.proofMine, (await t.call(proof.proofMine, { id: snap.id }, { token })).body);
  const c = snap.currencies.indexOf('USDT');
  const units = (mine.proofs as InclusionProof[]).reduce((s, p) => s + BigInt(p.leaf.balances[c] as string), 0n);
  return fromMinorUnits(units.toString());
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
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
