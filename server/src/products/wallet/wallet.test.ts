import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as wallet from '@contract/wallet';
import { users } from '../../db/schema/index';
import { checkInvariants, systemBalance } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { FALLBACK_RATES } from '../../fiat/rates';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf, walletAppOptions } from '../../testing/wallet';

describeEachDatabase(
  'wallet',
  ({ app, database }) => {
    const list = async (token: string, data: Record<string, string> = {}) =>
      (await app().call(wallet.walletList, data, { token, lang: 'en' })).body;

    it('shows the demo funds in the legal account, valued in USDT and in a fiat', async () => {
      const { token } = await registerUser(app());
      const m = okOf(wallet.walletList, await list(token));
      expect(m.demo).toBe(true);
      const legal = Object.fromEntries(m.legal_wallet.balance.map((b) => [b.currency_name, b]));
      expect(legal.USDT).toMatchObject({
        available: '10000',
        held: '0',
        legal_balance: '10000',
        lock_legal_balance: '0',
        usdt_value: '10000',
      });
      expect(legal.BTC).toMatchObject({ available: '0.5', usdt_price: '50000', usdt_value: '25000' });
      expect(legal.ETH).toMatchObject({ available: '5', usdt_value: '12500' });
      expect(m.legal_wallet.usdt_total).toBe('47500');
      expect(m.change_wallet.usdt_total).toBe('0');
      expect(m.change_wallet.balance[0]).toHaveProperty('change_balance', '0');
      expect(m.usdt_total).toBe('47500');
      // The rate source is offline in tests: the shipped table answers, saying so and dated.
      const shipped = { source: 'fallback', as_of: FALLBACK_RATES.as_of };
      expect(m.fiat).toEqual({ currency_code: 'USD', rate: '1', total: '47500', ...shipped });
      expect(okOf(wallet.walletList, await list(token, { currency_code: 'cny' })).fiat).toEqual({
        currency_code: 'CNY',
        rate: '7.1',
        total: '337250',
        ...shipped,
      });
      expect((await list(token, { currency_code: 'XXX' })).type).toBe('error');
    });

    it('moves funds between own accounts once per idempotency key', async () => {
      const { token } = await registerUser(app());
      const body = { currency_id: 3, number: '250.5', from_field: 'legal', to_field: 'change' };
      const key = randomUUID();
      const first = await callWithKey(app(), wallet.walletChange, body, { token, key });
      expect(first.body).toMatchObject({
        type: 'ok',
        message: { currency_id: 3, number: '250.5', from_field: 'legal', to_field: 'change' },
      });
      const again = await callWithKey(app(), wallet.walletChange, body, { token, key });
      expect(again.body).toEqual(first.body);
      const other = await callWithKey(
        app(),
        wallet.walletChange,
        { ...body, number: '1', lang: 'spa' },
        { token, key },
      );
      expect(other.body).toEqual({ type: 'error', message: 'Esta Idempotency-Key ya se usó para otra solicitud' });
      const detail = await app().call(wallet.walletDetail, { currency: 3, type: 'change' }, { token });
      expect(detail.body.message).toMatchObject({ available: '250.5', held: '0', type: 'change' });
      const legal = await app().call(wallet.walletDetail, { currency: 3, type: 'legal' }, { token });
      expect(legal.body.message).toMatchObject({ available: '9749.5' });
      const history = await app().call(wallet.hzHistory, { page: 1 }, { token });
      expect(history.body.message).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
      expect(okOf(wallet.hzHistory, history.body).data[0]).toMatchObject({
        number: '250.5',
        currency_name: 'USDT',
        from_field: 'legal',
        to_field: 'change',
      });
      const log = await app().call(wallet.legalLog, { currency: 3, page: 1, limit: 10 }, { token });
      const kinds = okOf(wallet.legalLog, log.body).data.map((r) => [r.kind, r.type, r.amount, r.balance_after]);
      expect(kinds).toEqual([
        ['transfer', 'change', '250.5', '250.5'],
        ['transfer', 'legal', '-250.5', '9749.5'],
        ['demo_credit', 'legal', '10000', '10000'],
      ]);
    });

    it('refuses a reused key with another body, and a missing or malformed key', async () => {
      const { token } = await registerUser(app());
      const body = { currency_id: 1, number: '0.1', from_field: 'legal', to_field: 'micro' };
      const key = randomUUID();
      expect((await callWithKey(app(), wallet.walletChange, body, { token, key })).body.type).toBe('ok');
      const reused = await app().app.inject({
        method: 'POST',
        url: '/api/wallet/change',
        headers: { authorization: token, 'idempotency-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...body, to_field: 'lever', lang: 'en' }),
      });
      expect(reused.json()).toEqual({
        type: 'error',
        message: 'This Idempotency-Key was already used for a different request',
      });
      const missing = await app().call(wallet.walletChange, body, { token, lang: 'en' });
      expect(missing.body).toEqual({ type: 'error', message: expect.stringContaining('Idempotency-Key header') });
      const short = await callWithKey(app(), wallet.walletChange, body, { token, key: 'abc' });
      expect(short.body.type).toBe('error');
      const micro = await app().call(wallet.walletDetail, { currency: 1, type: 'micro' }, { token });
      expect(micro.body.message).toMatchObject({ available: '0.1' });
    });

    it('moves money once when the same request arrives many times at once', async () => {
      const { token } = await registerUser(app());
      const body = { currency_id: 2, number: '1', from_field: 'legal', to_field: 'lever' };
      const key = randomUUID();
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => callWithKey(app(), wallet.walletChange, body, { token, key })),
      );
      expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(replies[0]!.body.type).toBe('ok');
      const lever = await app().call(wallet.walletDetail, { currency: 2, type: 'lever' }, { token });
      expect(lever.body.message).toMatchObject({ available: '1' });
    });

    it('lets exactly 50 of 100 concurrent moves through when the account affords 50', async () => {
      const { token } = await registerUser(app());
      const body = { currency_id: 3, number: '200', from_field: 'legal', to_field: 'change' };
      const replies = await Promise.all(
        Array.from({ length: 100 }, () =>
          callWithKey(app(), wallet.walletChange, { ...body, lang: 'en' }, { token, key: randomUUID() }),
        ),
      );
      const ok = replies.filter((r) => r.body.type === 'ok');
      expect(ok).toHaveLength(50);
      expect(replies.filter((r) => r.body.message === 'Insufficient balance')).toHaveLength(50);
      const change = await app().call(wallet.walletDetail, { currency: 3, type: 'change' }, { token });
      expect(change.body.message).toMatchObject({ available: '10000' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('publishes exchange terms and exchanges at them, the fee going to the fees account', async () => {
      const { token } = await registerUser(app());
      const fee = await app().call(wallet.transferFee, { from_currency_id: 1, to_currency_id: 3 }, { token });
      expect(fee.body.message).toMatchObject({ price: '50000', fee_rate: '0.002', decimals: 8, account: 'legal' });
      const feesBefore = await systemBalance(database().db, 'fees', 3);
      const key = randomUUID();
      const res = await callWithKey(
        app(),
        wallet.transfer,
        { number: '0.1', from_currency_id: 1, to_currency_id: 3 },
        { token, key },
      );
      expect(res.body).toMatchObject({
        type: 'ok',
        message: { number: '0.1', gross: '5000', fee: '10', received: '4990', price: '50000' },
      });
      expect(
        (
          await callWithKey(
            app(),
            wallet.transfer,
            { number: '0.1', from_currency_id: 1, to_currency_id: 3 },
            { token, key },
          )
        ).body,
      ).toEqual(res.body);
      const m = okOf(wallet.walletList, await list(token));
      const legal = Object.fromEntries(m.legal_wallet.balance.map((b) => [b.currency_name, b.available]));
      expect(legal).toMatchObject({ BTC: '0.4', USDT: '14990' });
      const feesAfter = await systemBalance(database().db, 'fees', 3);
      expect(Number(feesAfter.available) - Number(feesBefore.available)).toBe(10);
      const back = await callWithKey(
        app(),
        wallet.transfer,
        { number: '2500', from_currency_id: 3, to_currency_id: 2 },
        { token, key: randomUUID() },
      );
      expect(back.body.message).toMatchObject({ price: '0.0004', gross: '1', fee: '0.002', received: '0.998' });
      const tooMuch = await callWithKey(
        app(),
        wallet.transfer,
        { number: '100', from_currency_id: 2, to_currency_id: 3, lang: 'en' },
        { token, key: randomUUID() },
      );
      expect(tooMuch.body).toEqual({ type: 'error', message: 'Insufficient balance' });
      const noPrice = await callWithKey(
        app(),
        wallet.transfer,
        { number: '1', from_currency_id: 4, to_currency_id: 3 },
        { token, key: randomUUID() },
      );
      expect(noPrice.body.type).toBe('error');
      const dust = await callWithKey(
        app(),
        wallet.transfer,
        { number: '0.0000000001', from_currency_id: 3, to_currency_id: 1, lang: 'en' },
        { token, key: randomUUID() },
      );
      expect(dust.body).toEqual({ type: 'error', message: 'The amount is too small' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('publishes the least amount at which the fee rate holds, and never charges more than the rate', async () => {
      const { token } = await registerUser(app());
      const terms = okOf(
        wallet.transferFee,
        (await app().call(wallet.transferFee, { from_currency_id: 3, to_currency_id: 1 }, { token })).body,
      );
      // 0.00005 BTC is the least converted amount: at 0.00002 BTC per USDT that is 2.5 USDT.
      expect(terms).toMatchObject({ price: '0.00002', fee_rate: '0.002', min_number: '2.5' });
      // Rounding up to 1e-8 BTC once took half of a 0.002 USDT exchange as fee; now it is refused.
      const tiny = await callWithKey(
        app(),
        wallet.transfer,
        { number: '0.002', from_currency_id: 3, to_currency_id: 1, lang: 'en' },
        { token, key: randomUUID() },
      );
      expect(tiny.body).toEqual({ type: 'error', message: 'The amount is too small' });
      const least = await callWithKey(
        app(),
        wallet.transfer,
        { number: '2.5', from_currency_id: 3, to_currency_id: 1 },
        { token, key: randomUUID() },
      );
      expect(least.body.message).toMatchObject({ gross: '0.00005', fee: '0.0000001', received: '0.0000499' });
      // The fee is rounded down, so it never exceeds the published rate.
      const odd = await callWithKey(
        app(),
        wallet.transfer,
        { number: '3.3333', from_currency_id: 3, to_currency_id: 1 },
        { token, key: randomUUID() },
      );
      expect(odd.body.message).toMatchObject({ gross: '0.00006666', fee: '0.00000013', received: '0.00006653' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    });

    it('lists exchangeable currencies, the user currencies and feed rates', async () => {
      const { token } = await registerUser(app());
      const list = okOf(wallet.transferList, (await app().call(wallet.transferList, {}, { token })).body);
      expect(list.map((c) => c.currency_name)).toEqual(['BTC', 'ETH', 'USDT']);
      expect(list[0]).toEqual({ currency_id: 1, currency_name: 'BTC', available: '0.5', usdt_price: '50000' });
      const mine = okOf(wallet.userCurrencyList, (await app().call(wallet.userCurrencyList, {}, { token })).body);
      expect(mine.map((c) => [c.name, c.total, c.usdt_value])).toEqual([
        ['BTC', '0.5', '25000'],
        ['ETH', '5', '12500'],
        ['USDT', '10000', '10000'],
      ]);
      const rate = await app().call(wallet.rateCurrency, { id: 2 }, { token });
      expect(rate.body.message).toEqual({ id: 2, name: 'ETH', usdt_price: '2500', ts: 1_700_000_000_000 });
      const none = await app().call(wallet.rateCurrency, { id: 4 }, { token });
      expect(none.body.message).toMatchObject({ id: 4, usdt_price: null });
    });

    it("never shows one user another user's records", async () => {
      const a = await registerUser(app());
      const b = await registerUser(app());
      await callWithKey(
        app(),
        wallet.walletChange,
        { currency_id: 3, number: '5', from_field: 'legal', to_field: 'change' },
        { token: a.token, key: randomUUID() },
      );
      const log = okOf(wallet.legalLog, (await app().call(wallet.legalLog, {}, { token: b.token })).body);
      expect(log.total).toBe(3);
      expect(log.data.every((r) => r.kind === 'demo_credit')).toBe(true);
      expect((await app().call(wallet.hzHistory, {}, { token: b.token })).body.message).toMatchObject({
        total: 0,
        data: [],
      });
      const detail = await app().call(wallet.walletDetail, { currency: 3, type: 'change' }, { token: b.token });
      expect(detail.body.message).toMatchObject({ available: '0' });
    });

    it('answers the ledger health check to admins only', async () => {
      // Promoted before its session is first used: a cached session learns of a role change only
      // through the database's notification, which PostgreSQL delivers a moment later.
      const boss = await registerUser(app());
      await database().db.update(users).set({ role: 'admin' }).where(eq(users.id, boss.user.id));
      const user = await registerUser(app());
      const denied = await app().call(wallet.ledgerHealth, {}, { token: user.token });
      expect(denied.status).toBe(403);
      expect(denied.body.type).toBe('error');
      expect((await app().call(wallet.ledgerHealth, {})).body.type).toBe('999');
      const health = await app().call(wallet.ledgerHealth, {}, { token: boss.token });
      expect(health.body).toMatchObject({ type: 'ok', message: { ok: true, problems: [] } });
      expect(okOf(wallet.ledgerHealth, health.body).transactions).toBeGreaterThan(0);
    });
  },
  walletAppOptions,
);
