import { expect, it } from 'vitest';
import type { Network } from '@contract/fund';
import * as fund from '@contract/fund';
import { translate } from '../../i18n';
import { registerUser } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { describeEachDatabase } from '../../testing/suite';
import type { DepositAddressSource } from './deposit-address';

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
