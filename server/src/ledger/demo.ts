import { CURRENCY_IDS } from '@contract/domain/instruments';
import type { Db } from '../db/client';
import { post } from './post';
import { inTransaction } from './transaction';
import { systemAccount, userAccount, type Posted } from './types';

/**
 * What demo mode gives each new account, in the legal account, from the demo faucet: enough to
 * try every feature, clearly not real money (the transaction is marked `demo`).
 */
export const DEMO_FUNDS: ReadonlyArray<{ currencyId: number; amount: string }> = [
  { currencyId: CURRENCY_IDS.USDT, amount: '10000' },
  { currencyId: CURRENCY_IDS.BTC, amount: '0.5' },
  { currencyId: CURRENCY_IDS.ETH, amount: '5' },
];

export function creditDemoFunds(db: Db, userId: number, at: Date): Promise<Posted> {
  return inTransaction(db, (tx) =>
    post(tx, {
      kind: 'demo_credit',
      reason: 'Demo funds for a new account',
      userId,
      demo: true,
      at,
      entries: DEMO_FUNDS.flatMap(({ currencyId, amount }) => [
        { account: systemAccount('demo_faucet', currencyId), amount: `-${amount}` },
        { account: userAccount(userId, currencyId, 'legal'), amount },
      ]),
    }),
  );
}
