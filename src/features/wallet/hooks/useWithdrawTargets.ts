import type { ChainCurrency, WithdrawMethod } from '@contract/fund';
import { fetchAddresses, fetchBankCard, fetchInternationalCard } from '../api/binding';
import { fetchFundInfo } from '../api/recharge';
import { useCachedQuery } from './useCachedQuery';

/** Fees and minimums of the coin, and where the user can withdraw to. */
export function useWithdrawTargets(coin: ChainCurrency, method: WithdrawMethod) {
  const info = useCachedQuery(`fund:info:${coin}`, () => fetchFundInfo(coin));
  const addresses = useCachedQuery(`fund:addresses:${coin}`, () => fetchAddresses(coin), method === 'address');
  const bank = useCachedQuery(`fund:bank`, fetchBankCard, method === 'bank');
  const international = useCachedQuery(`fund:bank-international`, fetchInternationalCard, method === 'international');
  return { info, addresses, bank, international };
}
