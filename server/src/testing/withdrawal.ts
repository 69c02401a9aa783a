import * as fund from '@contract/fund';
import { fixedPrices } from '../market/prices';
import type { TestApp } from './app';
import { ADDRESSES, adminUser, deposit, ok, PAY_PASSWORD, setPayPassword, uploadImage, verifiedUser } from './fund';
import { callConfirmed } from './security';

/** Options of an app whose withdrawals are valued (the limits count in USDT): BTC 50,000, ETH 2,500. */
export const withdrawalAppOptions = () => ({ prices: fixedPrices({ 1: '50000', 2: '2500' }) });

export interface WithdrawerOptions {
  level?: 1 | 2;
  currency?: 'BTC' | 'ETH' | 'USDT';
  network?: keyof typeof ADDRESSES;
  funds?: string;
}

/**
 * A certified user (level 1 unless told) with a pay password, funds (1000 unless told) in the
 * change account and a bound address (USDT on TRC20 unless told) to withdraw to, with the admin
 * who certified them. `params(amount)` are the fields of a withdrawal of `amount` to that address.
 */
export async function withdrawer(t: TestApp, opts: WithdrawerOptions = {}) {
  const boss = await adminUser(t);
  const u = await verifiedUser(t, boss.token, opts.level ?? 1);
  await setPayPassword(t, u.token, u.email);
  const currency = opts.currency ?? 'USDT';
  const network = opts.network ?? 'TRC20';
  await deposit(t, boss.token, u.token, currency, opts.funds ?? '1000');
  const qrcode = await uploadImage(t, u.token);
  const address = await ok<fund.WalletAddress>(
    callConfirmed(
      t,
      fund.walletSave,
      'add_address',
      { currency, network, name: 'cold', address: ADDRESSES[network], qrcode },
      u,
    ),
  );
  const params = (amount: string) => ({ currency, account: 'change', amount, address_id: address.id });
  return { boss, u, address, params };
}

export type Withdrawer = Awaited<ReturnType<typeof withdrawer>>['u'];

/** A withdrawal of 10 USDT from the change account to `addressId`, confirmed by the emailed code. */
export const withdrawTen = (t: TestApp, u: Withdrawer, addressId: number) =>
  callConfirmed(
    t,
    fund.withdraw,
    'withdraw',
    { currency: 'USDT', account: 'change', amount: '10', address_id: addressId, pay_password: PAY_PASSWORD },
    { ...u, lang: 'en' },
  );
