import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import * as fund from '@contract/fund';
import * as wallet from '@contract/wallet';
import type { BalanceRow } from '../../ledger/index';
import { fixedPrices } from '../../market/prices';
import { registerUser } from '../../testing/accounts';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser, call, ok, uploadImage } from '../../testing/fund';
import { BalanceCache } from './balance-cache';
import { callWithKey, okOf, walletAppOptions } from '../../testing/wallet';

const row = (available: string): BalanceRow => ({ currencyId: 3, type: 'legal', available, held: '0' });

describe('BalanceCache', () => {
  it('answers from memory until the user is dropped', async () => {
    const cache = new BalanceCache();
    const load = vi.fn(async () => [row('1')]);
    expect(await cache.get(7, load)).toEqual([row('1')]);
    expect(await cache.get(7, load)).toEqual([row('1')]);
    expect(load).toHaveBeenCalledTimes(1);
    cache.drop(7);
    load.mockResolvedValueOnce([row('2')]);
    expect(await cache.get(7, load)).toEqual([row('2')]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new BalanceCache();
    let finish!: (rows: BalanceRow[]) => void;
    const slow = cache.get(7, () => new Promise<BalanceRow[]>((resolve) => (finish = resolve)));
    // The change commits while the read is under way: what the read saw may be older.
    cache.drop(7);
    finish([row('old')]);
    expect(await slow).toEqual([row('old')]);
    expect(await cache.get(7, async () => [row('new')])).toEqual([row('new')]);
  });

  it('reads again after its maximum age, and stays within its size', async () => {
    let now = 0;
    const cache = new BalanceCache(2, 1_000, () => now);
    await cache.get(1, async () => [row('1')]);
    now = 1_000;
    expect(await cache.get(1, async () => [row('fresh')])).toEqual([row('fresh')]);
    await cache.get(2, async () => []);
    await cache.get(3, async () => []);
    expect(cache.size).toBe(2);
  });
});

describeEachDatabase(
  'wallet list after balance changes',
  ({ app, database }) => {
    const legal = async (token: string) => {
      const m = okOf(wallet.walletList, (await app().call(wallet.walletList, {}, { token })).body);
      return Object.fromEntries(m.legal_wallet.balance.map((b) => [b.currency_name, b.available]));
    };
    const changeUsdt = async (token: string) => {
      const m = okOf(wallet.walletList, (await app().call(wallet.walletList, {}, { token })).body);
      return m.change_wallet.balance.find((b) => b.currency_name === 'USDT')?.available;
    };

    it('shows a move between own accounts and a coin exchange in the very next list', async () => {
      const { token } = await registerUser(app());
      expect(await legal(token)).toMatchObject({ USDT: '10000', BTC: '0.5' });
      const move = { currency_id: 3, number: '100', from_field: 'legal', to_field: 'change' };
      expect((await callWithKey(app(), wallet.walletChange, move, { token, key: randomUUID() })).body.type).toBe('ok');
      expect(await legal(token)).toMatchObject({ USDT: '9900' });
      expect(await changeUsdt(token)).toBe('100');
      const exchange = { number: '0.1', from_currency_id: 1, to_currency_id: 3 };
      expect((await callWithKey(app(), wallet.transfer, exchange, { token, key: randomUUID() })).body.type).toBe('ok');
      expect(await legal(token)).toMatchObject({ BTC: '0.4', USDT: '14890' });
      // The other reads share the copy and see the same.
      const detail = await app().call(wallet.walletDetail, { currency: 1, type: 'legal' }, { token });
      expect(detail.body.message).toMatchObject({ available: '0.4' });
    });

    it('shows an approved recharge in the very next list', async () => {
      const t = app();
      const boss = await adminUser(t);
      const { token } = await registerUser(t);
      expect(await legal(token)).toMatchObject({ USDT: '10000' });
      const voucher = await uploadImage(t, token);
      const r = await ok<fund.Recharge>(
        call(t, fund.chargeReq, { currency: 'USDT', amount: '150.5', voucher }, { token }),
      );
      expect(await legal(token)).toMatchObject({ USDT: '10000' });
      await ok(call(t, admin.reviewRecharge, { id: r.id, action: 'approve' }, { token: boss.token }));
      expect(await legal(token)).toMatchObject({ USDT: '10150.5' });
    });

    it('hears of a change written by someone else (another process, the command line)', async () => {
      const { token, user } = await registerUser(app());
      expect(await legal(token)).toMatchObject({ USDT: '10000' });
      // Not through the ledger: only the database's announcement tells the server.
      await database().db.execute(
        sql`UPDATE ledger_accounts SET held = 1, available = available - 1 WHERE user_id = ${user.id} AND currency_id = 3`,
      );
      await vi.waitFor(async () => expect(await legal(token)).toMatchObject({ USDT: '9999' }), { timeout: 2_000 });
    });
  },
  walletAppOptions,
);

// Prices the test moves: fixedPrices reads the record on every call.
const moving: Record<number, string> = { 1: '50000', 2: '2500' };

describeEachDatabase(
  'wallet list replies kept between requests',
  ({ app }) => {
    /** `/wallet/list` as a browser asks for it (brotli accepted), decoded. */
    const listBr = async (token: string, currencyCode?: string) => {
      const res = await app().app.inject({
        method: 'POST',
        url: `/api${wallet.walletList.path}`,
        headers: { authorization: token, 'accept-encoding': 'br', 'content-type': 'application/x-www-form-urlencoded' },
        payload: currencyCode ? `currency_code=${currencyCode}` : '',
      });
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-store');
      return okOf(wallet.walletList, JSON.parse(brotliDecompressSync(res.rawPayload).toString()));
    };
    const btc = (m: ResponseOf<typeof wallet.walletList>) =>
      m.legal_wallet.balance.find((b) => b.currency_name === 'BTC');

    it('follows a price move, the asked fiat and a balance change, and never shows one user another', async () => {
      moving[1] = '50000';
      const a = await registerUser(app());
      const b = await registerUser(app());
      expect(btc(await listBr(a.token))).toMatchObject({ usdt_price: '50000', usdt_value: '25000' });
      expect((await listBr(a.token)).fiat).toMatchObject({ currency_code: 'USD', total: '47500' });
      moving[1] = '60000';
      const moved = await listBr(a.token);
      expect(btc(moved)).toMatchObject({ usdt_price: '60000', usdt_value: '30000' });
      expect(moved.fiat).toMatchObject({ currency_code: 'USD', total: '52500' });
      expect((await listBr(a.token, 'CNY')).fiat).toMatchObject({ currency_code: 'CNY', total: '372750' });
      expect((await listBr(a.token)).fiat).toMatchObject({ currency_code: 'USD', total: '52500' });
      const move = { currency_id: 3, number: '100', from_field: 'legal', to_field: 'change' };
      expect(
        (await callWithKey(app(), wallet.walletChange, move, { token: b.token, key: randomUUID() })).body.type,
      ).toBe('ok');
      expect((await listBr(b.token)).change_wallet.usdt_total).toBe('100');
      expect((await listBr(a.token)).change_wallet.usdt_total).toBe('0');
    });
  },
  () => ({ ...walletAppOptions(), prices: fixedPrices(moving, 1_700_000_000_000) }),
);
