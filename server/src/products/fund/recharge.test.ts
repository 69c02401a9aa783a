import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as fund from '@contract/fund';
import { auditLog, recharges } from '../../db/schema/index';
import { translate } from '../../i18n';
import { balanceOf, checkInvariants, systemBalance } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { describeEachDatabase } from '../../testing/suite';
import { isValidAddress } from './address-check';
import { adminUser, call, deposit, ok, uploadImage } from '../../testing/fund';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

describeEachDatabase('recharge', ({ app, database }) => {
  it('publishes networks with fee, minimums and arrival; TRC20 is the default for USDT', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const info = await ok<{ default_network: string; networks: { network: string; withdraw_fee: string }[] }>(
      call(t, fund.getInfo, { currency: 'usdt' }, { token }),
    );
    expect(info.default_network).toBe('TRC20');
    expect(info.networks.map((n) => n.network)).toEqual(['TRC20', 'ERC20']);
    expect(info.networks[0]!.withdraw_fee).toBe('1');
    const byId = await ok<{ currency: string }>(call(t, fund.getInfo, { currency: '1' }, { token }));
    expect(byId.currency).toBe('BTC');
    const bad = await call(t, fund.getInfo, { currency: 'DOGE' }, { token, lang: 'en' });
    expect(bad.body).toEqual({ type: 'error', message: en('currency_unsupported') });
  });

  it('gives each user a stable deposit address in the format of each network', async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const addr = (token: string, currency: string, network?: string) =>
      ok<{ address: string; network: string; simulated: boolean }>(
        call(t, fund.getInAddress, { currency, network }, { token }),
      );
    const btc = await addr(a.token, 'BTC');
    // Derived demo addresses have no key behind them, and the reply says so.
    expect(btc.simulated).toBe(true);
    expect(btc.address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(isValidAddress('BTC', btc.address)).toBe(true);
    const trc = await addr(a.token, 'USDT');
    expect(trc.network).toBe('TRC20');
    expect(isValidAddress('TRC20', trc.address)).toBe(true);
    const erc = await addr(a.token, 'USDT', 'ERC20');
    expect(erc.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await addr(a.token, 'ETH')).address).toBe(erc.address);
    expect((await addr(a.token, 'USDT')).address).toBe(trc.address);
    expect((await addr(b.token, 'USDT')).address).not.toBe(trc.address);
    const wrongNet = await call(
      t,
      fund.getInAddress,
      { currency: 'BTC', network: 'TRC20' },
      { token: a.token, lang: 'en' },
    );
    expect(wrongNet.body.message).toBe(en('network_unsupported'));
    const other = await call(t, fund.getInAddress, { currency: 'BTC', user_id: String(b.user.id) }, { token: a.token });
    expect(other.body.type).toBe('error');
  });

  it('queues a request with a voucher; approval credits once from external deposits, audited', async () => {
    const t = app();
    const boss = await adminUser(t);
    const { token, user } = await registerUser(t);
    const db = database().db;
    const before = await balanceOf(db, user.id, 3, 'legal');
    const voucher = await uploadImage(t, token);
    const r = await ok<fund.Recharge>(
      call(t, fund.chargeReq, { currency: 'USDT', amount: '150.5', voucher }, { token }),
    );
    expect(r).toMatchObject({ status: 'review', network: 'TRC20', account: 'legal', amount: '150.5', voucher });
    expect(await balanceOf(db, user.id, 3, 'legal')).toEqual(before);

    const queue = await ok<{ data: { id: number; user_id: number }[] }>(
      call(t, admin.listRecharges, {}, { token: boss.token }),
    );
    expect(queue.data.some((x) => x.id === r.id && x.user_id === user.id)).toBe(true);

    const deposits = await systemBalance(db, 'external_deposits', 3);
    const approved = await ok<fund.Recharge>(
      call(t, admin.reviewRecharge, { id: r.id, action: 'approve' }, { token: boss.token }),
    );
    expect(approved.status).toBe('approved');
    const after = await balanceOf(db, user.id, 3, 'legal');
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(150.5, 10);
    expect(
      Number((await systemBalance(db, 'external_deposits', 3)).available) - Number(deposits.available),
    ).toBeCloseTo(-150.5, 10);

    const again = await call(
      t,
      admin.reviewRecharge,
      { id: r.id, action: 'approve' },
      { token: boss.token, lang: 'en' },
    );
    expect(again.body).toEqual({ type: 'error', message: en('already_reviewed') });
    const reject = await call(
      t,
      admin.reviewRecharge,
      { id: r.id, action: 'reject', reason: 'x' },
      { token: boss.token },
    );
    expect(reject.body.type).toBe('error');
    expect(await balanceOf(db, user.id, 3, 'legal')).toEqual(after);

    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, r.id));
    const row = audits.find((a) => a.entity === 'recharge');
    expect(row).toMatchObject({ adminId: boss.user.id, action: 'recharge.approve' });
    expect(row?.before).toMatchObject({ status: 'review' });
    expect(row?.after).toMatchObject({ status: 'approved' });
    expect((await checkInvariants(db)).ok).toBe(true);
  });

  it('rejects with a reason the user sees; nothing is credited', async () => {
    const t = app();
    const boss = await adminUser(t);
    const { token, user } = await registerUser(t);
    const db = database().db;
    const before = await balanceOf(db, user.id, 1, 'micro');
    const voucher = await uploadImage(t, token);
    const r = await ok<fund.Recharge>(
      call(t, fund.chargeReq, { currency: 'BTC', amount: '0.5', voucher, account: 'micro' }, { token }),
    );
    const noReason = await call(
      t,
      admin.reviewRecharge,
      { id: r.id, action: 'reject' },
      { token: boss.token, lang: 'en' },
    );
    expect(noReason.body).toEqual({ type: 'error', message: en('field_required', { field: 'Reason' }) });
    await ok(
      call(
        t,
        admin.reviewRecharge,
        { id: r.id, action: 'reject', reason: 'voucher unreadable' },
        { token: boss.token },
      ),
    );
    expect(await balanceOf(db, user.id, 1, 'micro')).toEqual(before);
    const log = await ok<{ data: fund.Recharge[] }>(call(t, fund.rechargeLog, { page: 1, limit: 10 }, { token }));
    expect(log.data[0]).toMatchObject({ id: r.id, status: 'rejected', reason: 'voucher unreadable' });
    const [row] = await db.select().from(recharges).where(eq(recharges.id, r.id));
    expect(row?.txId).toBeNull();
  });

  it('refuses bad amounts, a missing or foreign voucher, and a missing idempotency key', async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const voucher = await uploadImage(t, a.token);
    const foreign = await uploadImage(t, b.token);
    const req = (data: Record<string, unknown>, key?: string | null) =>
      call(
        t,
        fund.chargeReq,
        { currency: 'USDT', amount: '10', voucher, ...data },
        { token: a.token, lang: 'en', ...(key !== undefined ? { key } : {}) },
      );
    const msg = async (data: Record<string, unknown>) => (await req(data)).body.message;
    expect(await msg({ amount: '-1' })).toBe(en('amount_invalid'));
    expect(await msg({ amount: '0' })).toBe(en('amount_invalid'));
    expect(await msg({ amount: '0.00000000000' })).toBe(en('amount_decimals', { field: 'Amount' }));
    expect(await msg({ amount: '1.12345678901' })).toBe(en('amount_decimals', { field: 'Amount' }));
    expect(await msg({ amount: 'abc' })).toBe(en('amount_invalid'));
    expect(await msg({ amount: '1e5' })).toBe(en('amount_invalid'));
    expect(await msg({ amount: '9999999999999999' })).toBe(en('amount_invalid'));
    expect(await msg({ amount: '0.5' })).toBe(en('amount_too_small', { min: '1', currency: 'USDT' }));
    expect(await msg({ voucher: undefined })).toBe(en('voucher_required'));
    expect(await msg({ voucher: '' })).toBe(en('voucher_required'));
    expect(await msg({ voucher: foreign })).toBe(en('voucher_required'));
    expect(await msg({ voucher: '/api/upload/nothing-here.png' })).toBe(en('voucher_required'));
    expect((await req({}, null)).body.message).toBe(en('idempotency_key_required'));
    const log = await ok<{ total: number }>(call(t, fund.rechargeLog, {}, { token: a.token }));
    expect(log.total).toBe(0);
  });

  it('answers a retried request with the same key once; another body under the key is refused', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const voucher = await uploadImage(t, token);
    const form = { currency: 'ETH', amount: '2', voucher };
    const first = await ok<fund.Recharge>(call(t, fund.chargeReq, form, { token, key: 'recharge-key-1' }));
    const second = await ok<fund.Recharge>(call(t, fund.chargeReq, form, { token, key: 'recharge-key-1' }));
    expect(second.id).toBe(first.id);
    const other = await call(t, fund.chargeReq, { ...form, amount: '3' }, { token, key: 'recharge-key-1', lang: 'en' });
    expect(other.body).toEqual({ type: 'error', message: en('idempotency_key_reused') });
    const log = await ok<{ total: number }>(call(t, fund.rechargeLog, {}, { token }));
    expect(log.total).toBe(1);
  });

  it("lists only the user's own recharges, paged", async () => {
    const t = app();
    const boss = await adminUser(t);
    const a = await registerUser(t);
    const b = await registerUser(t);
    for (const amount of ['1', '2', '3']) await deposit(t, boss.token, a.token, 'USDT', amount);
    await deposit(t, boss.token, b.token, 'USDT', '9');
    const page = await ok<{ data: fund.Recharge[]; total: number; last_page: number }>(
      call(t, fund.rechargeLog, { page: 1, limit: 2 }, { token: a.token }),
    );
    expect(page.total).toBe(3);
    expect(page.last_page).toBe(2);
    expect(page.data.map((r) => r.amount)).toEqual(['3', '2']);
    const unauth = await call(t, fund.rechargeLog, {});
    expect(unauth.body.type).toBe('999');
  });
});
