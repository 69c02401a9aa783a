import { useAtomValue } from 'jotai';
import { USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { userAtom } from '@/lib/state';
import { fetchBalance, fetchProducts } from '../api/lock';

/** The products with today's and tomorrow's rates, kept for offline reading. */
export const useLockProducts = () => useCachedReply('lockming:products', fetchProducts);

/** The user's exchange-account balance of a currency (a deposit is held from it). */
export function useChangeBalance(currency: number | undefined, enabled: boolean) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  return useCachedReply(
    `${USER_SCOPE}${uid}:lockming:balance:${currency ?? 0}`,
    () => fetchBalance(currency ?? 0),
    enabled && currency !== undefined,
  );
}
