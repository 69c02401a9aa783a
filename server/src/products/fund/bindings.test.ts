import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as fund from '@contract/fund';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { translate } from '../../i18n';
import { registerUser } from '../../testing/accounts';
import { MINUTE } from '../../testing/clock';
import { latestCode } from '../../testing/mailbox';
import { describeEachDatabase } from '../../testing/suite';
import { callConfirmed } from '../../testing/security';
import { ADDRESSES, call, CARD, IBAN, ok, PAY_PASSWORD, setPayPassword, uploadImage } from '../../testing/fund';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

describeEachDatabase('payout bindings and pay password', ({ app, database }) => {
  it('saves and replaces the domestic card; every field is required', async () => {
    const t = app();
    const { token } = await registerUser(t);
    expect(await ok(call(t, fund.cashInfo, {}, { token }))).toBeNull();
    for (const field of Object.keys(CARD)) {
      const r = await call(t, fund.cashSave, { ...CARD, [field]: ' ' }, { token, lang: 'en' });
      expect(r.body).toEqual({ type: 'error', message: en('field_required', { field }) });
    }
    await ok(call(t, fund.cashSave, CARD, { token }));
    await ok(call(t, fund.cashSave, { ...CARD, bank_branch: 'Wall Street' }, { token }));
    expect(await ok(call(t, fund.cashInfo, {}, { token }))).toEqual({ ...CARD, bank_branch: 'Wall Street' });
    const other = await registerUser(t);
    expect(await ok(call(t, fund.cashInfo, {}, { token: other.token }))).toBeNull();
  });

  it('saves the international account; every field is required', async () => {
    const t = app();
    const { token } = await registerUser(t);
    const missing = await call(
      t,
      fund.cashSaveInternational,
      { ...IBAN, swift_code: undefined },
      { token, lang: 'en' },
    );
    expect(missing.body).toEqual({ type: 'error', message: en('field_required', { field: 'SWIFT/BIC code' }) });
    await ok(call(t, fund.cashSaveInternational, IBAN, { token }));
    expect(await ok(call(t, fund.cashInfoInternational, {}, { token }))).toEqual(IBAN);
    expect(await ok(call(t, fund.cashInfo, {}, { token }))).toBeNull();
  });

  it('binds wallet addresses valid for their network with a QR image, listed per user', async () => {
    const t = app();
    const a = await registerUser(t);
    const b = await registerUser(t);
    const qrcode = await uploadImage(t, a.token);
    const save = (data: Record<string, unknown>, token = a.token) =>
      callConfirmed(
        t,
        fund.walletSave,
        'add_address',
        { currency: 'USDT', network: 'TRC20', name: 'main', address: ADDRESSES.TRC20, qrcode, ...data },
        { token, email: token === a.token ? a.email : b.email, lang: 'en' },
      );
    const saved = await ok<fund.WalletAddress>(save({}));
    expect(saved).toMatchObject({ currency: 'USDT', network: 'TRC20', address: ADDRESSES.TRC20, qrcode });
    await ok(save({ network: 'erc20', address: ADDRESSES.ERC20 }));
    await ok(save({ currency: 'BTC', network: 'BTC', address: ADDRESSES.BTC }));

    expect((await save({ address: ADDRESSES.ERC20 })).body.message).toBe(en('address_invalid'));
    expect((await save({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).body.message).toBe(en('address_invalid'));
    expect(
      (await save({ currency: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp' })).body
        .message,
    ).toBe(en('address_invalid'));
    expect((await save({ currency: 'BTC', network: 'TRC20' })).body.message).toBe(en('network_unsupported'));
    expect((await save({ qrcode: undefined })).body.message).toBe(en('qrcode_required'));
    expect((await save({ qrcode: await uploadImage(t, b.token) })).body.message).toBe(en('qrcode_required'));
    expect((await save({ name: '' })).body.message).toBe(en('field_required', { field: 'Name' }));
    expect((await save({})).body.message).toBe(en('account_exists'));

    const list = await ok<{ data: fund.WalletAddress[]; total: number }>(
      call(t, fund.walletList, { page: 1, limit: 2 }, { token: a.token }),
    );
    expect(list.total).toBe(3);
    expect(list.data).toHaveLength(2);
    const usdt = await ok<{ total: number }>(call(t, fund.walletList, { currency: 'USDT' }, { token: a.token }));
    expect(usdt.total).toBe(2);
    const theirs = await ok<{ total: number }>(call(t, fund.walletList, {}, { token: b.token }));
    expect(theirs.total).toBe(0);
    const badPage = await call(t, fund.walletList, { page: 0 }, { token: a.token });
    expect(badPage.body.type).toBe('error');
  });

  it('sets and changes the pay password with a security code, stored hashed', async () => {
    const t = app();
    const { token, email, user } = await registerUser(t);
    await setPayPassword(t, token, email);
    const [row] = await database().db.select().from(users).where(eq(users.id, user.id));
    expect(row?.payPasswordHash).toMatch(/^scrypt\$/);
    expect(row?.payPasswordHash).not.toContain(PAY_PASSWORD);
    expect((await ok<auth.User>(call(t, auth.userInfo, {}, { token }))).has_pay_password).toBe(true);

    await ok(call(t, auth.sendCode, { user_string: email, type: 'email', scene: 'security' }, { token }));
    const code = await latestCode(database().db, email);
    const mismatch = await call(
      t,
      fund.payPassword,
      { pay_password: 'new-pay-pass', re_pay_password: 'other-pass', code },
      { token, lang: 'en' },
    );
    expect(mismatch.body.message).toBe(en('passwords_inconsistent'));
    const short = await call(
      t,
      fund.payPassword,
      { pay_password: '123456', re_pay_password: '123456', code },
      { token, lang: 'en' },
    );
    expect(short.body.type).toBe('error');
    const wrong = await call(
      t,
      fund.payPassword,
      { pay_password: 'new-pay-pass', re_pay_password: 'new-pay-pass', code: code === '000000' ? '111111' : '000000' },
      { token, lang: 'en' },
    );
    expect(wrong.body.message).toBe(en('code_wrong'));
    await ok(
      call(t, fund.payPassword, { pay_password: 'new-pay-pass', re_pay_password: 'new-pay-pass', code }, { token }),
    );
    t.clock.advance(MINUTE);
    const reused = await call(
      t,
      fund.payPassword,
      { pay_password: 'third-pass-1', re_pay_password: 'third-pass-1', code },
      { token, lang: 'en' },
    );
    expect(reused.body.message).toBe(en('code_expired'));
  });
});
