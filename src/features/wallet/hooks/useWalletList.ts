import { useAtomValue } from 'jotai';
import { fiatAtom } from '@/lib/state';
import { fetchWalletList } from '../api/walletList';
import type { WalletListReply } from '../model/wallet';
import { useCachedQuery } from './useCachedQuery';

/** Balances of the four accounts valued in the chosen fiat, cached for offline reading. */
export function useWalletList() {
  const fiat = useAtomValue(fiatAtom).currency_code;
  return useCachedQuery<WalletListReply>(`wallet:list:${fiat}`, () => fetchWalletList(fiat));
}
