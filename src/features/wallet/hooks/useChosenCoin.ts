import { useAtomValue } from 'jotai';
import type { ChainCurrency } from '@contract/fund';
import { walletCurrencyAtom } from '@/lib/state';
import { isChainCurrency } from '../model/networks';

/** The coin picked on the select page; USDT when the page is opened directly. */
export function useChosenCoin(): ChainCurrency {
  const name = useAtomValue(walletCurrencyAtom)?.name;
  return isChainCurrency(name) ? name : 'USDT';
}
