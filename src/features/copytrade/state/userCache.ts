import { useAtomValue } from 'jotai';
import { USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { userAtom } from '@/lib/state';

/** `useCachedReply` under the signed-in user's key (`user:<uid>:<name>`, cleared at sign-out). */
export function useUserReply<T>(name: string, fetch: () => Promise<T>, enabled = true) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  return useCachedReply(`${USER_SCOPE}${uid}:${name}`, fetch, enabled && uid > 0);
}
