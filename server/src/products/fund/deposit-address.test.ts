import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { mnemonicToSeedSync } from '@scure/bip39';
import { expect, it } from 'vitest';
import type { Network } from '@contract/fund';
import * as fund from '@contract/fund';
import { translate } from '../../i18n';
import { registerUser } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { describeEachDatabase } from '../../testing/suite';
import { depositAddresses } from '../../db/schema/index';
import type { DepositAddressSource } from './deposit-address';
import { accountKeys, xpubAddresses } from './xpub-addresses';
import { addressAt } from '../../custody/xpub-keys';

describeEachDatabase('deposit addresses from custody', ({ database }) => {
  it('serves no address without a custody integration, rather than one nobody holds the key to', async () => {
    const t = await createTestApp(database(), { config: { depositAddresses: 'custody' } });
    try {
      const { token } = await registerUser(t);
      const res = await t.call(fund.getInAddress, { currency: 'USDT' }, { token, lang: 'en' });
      expect(res.body).toEqual({ type: 'error', message: translate('en', 'function_in_development') });
    } finally {
      await t.close();
    }
  });

  it("serves the custody service's address for the user and network, not labelled simulated", async () => {
    const asked: [number, Network][] = [];
    const custody: DepositAddressSource = {
      simulated: false,
      addressFor: (userId, network) => {
        asked.push([userId, network]);
        return Promise.resolve(`TCustody${userId}${network}`);
      },
    };
    const t = await createTestApp(database(), { config: { depositAddresses: 'custody' }, custody });
    try {
      const { token, user } = await registerUser(t);
      const res = await t.call(fund.getInAddress, { currency: 'USDT' }, { token });
      expect(res.body).toMatchObject({
        type: 'ok',
        message: { network: 'TRC20', address: `TCustody${user.id}TRC20`, simulated: false },
      });
      expect(asked).toEqual([[user.id, 'TRC20']]);
    } finally {
      await t.close();
    }
  });
});

describeEachDatabase('deposit addresses from extended public keys', ({ database }) => {
  const root = HDKey.fromMasterSeed(
    mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'),
  );
  const depositKeys = {
    BTC: root.derive("m/84'/0'/0'").publicExtendedKey,
    ETH: root.derive("m/44'/60'/0'").publicExtendedKey,
    TRX: root.derive("m/44'/195'/0'").publicExtendedKey,
  };
  const keys = accountKeys(depositKeys);

  it("serves each user the address at their own index of the operator's keys, not simulated", async () => {
    const t = await createTestApp(database(), { config: { depositAddresses: 'xpub', depositKeys } });
    try {
      const first = await registerUser(t);
      const second = await registerUser(t);
      const ask = (token: string, currency: 'BTC' | 'ETH' | 'USDT', network?: Network) =>
        t.call(fund.getInAddress, { currency, ...(network ? { network } : {}) }, { token });
      expect((await ask(first.token, 'BTC')).body).toMatchObject({
        type: 'ok',
        message: { network: 'BTC', address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', simulated: false },
      });
      expect((await ask(second.token, 'BTC')).body).toMatchObject({
        message: { address: 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g' },
      });
      // Asked again, the same address; ETH and USDT on ERC20 share the user's Ethereum address.
      expect((await ask(first.token, 'BTC')).body).toMatchObject({
        message: { address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' },
      });
      expect((await ask(second.token, 'ETH')).body).toMatchObject({
        message: { address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
      });
      expect((await ask(second.token, 'USDT', 'ERC20')).body).toMatchObject({
        message: { address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
      });
      expect((await ask(first.token, 'USDT')).body).toMatchObject({
        message: { network: 'TRC20', address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' },
      });
    } finally {
      await t.close();
    }
  });

  it('hands one index to one user even under concurrent requests, and never the same to two', async () => {
    const t = await createTestApp(database(), { config: { depositAddresses: 'xpub', depositKeys } });
    try {
      const users = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
      const source = xpubAddresses(t.app.ctx.db, keys, t.app.ctx.now);
      // Each user asks five times at once, all users together.
      const answers = await Promise.all(
        users.flatMap(({ user }) => Array.from({ length: 5 }, () => source.addressFor(user.id, 'BTC'))),
      );
      const perUser = users.map((_, i) => new Set(answers.slice(i * 5, i * 5 + 5)));
      expect(perUser.map((s) => s.size)).toEqual([1, 1, 1]);
      const btc = await t.app.ctx.db.select().from(depositAddresses).where(eq(depositAddresses.network, 'BTC'));
      // The database may hold earlier tests' users: indexes stay unique across all of them.
      expect(new Set(btc.map((r) => r.derivationIndex)).size).toBe(btc.length);
      const rows = btc.filter((r) => users.some((u) => u.user.id === r.userId));
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.address).toBe(addressAt('BTC', keys.BTC, row.derivationIndex));
        expect(perUser[users.findIndex((u) => u.user.id === row.userId)]?.has(row.address)).toBe(true);
      }
    } finally {
      await t.close();
    }
  });
});
