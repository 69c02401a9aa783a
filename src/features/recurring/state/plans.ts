import { useAtomValue } from 'jotai';
import { USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { isLoggedInAtom, userAtom } from '@/lib/state';
import { fetchConfig, fetchDetail, fetchPlans } from '../api/recurring';

/** The user's plans, kept (per user) for offline reading. */
export function usePlans() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedReply(`${USER_SCOPE}${uid}:recurring:plans`, fetchPlans, signedIn);
}

/** One plan and its runs. */
export function usePlanDetail(id: number | undefined) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedReply(
    `${USER_SCOPE}${uid}:recurring:plan:${id ?? 0}`,
    () => fetchDetail(id ?? 0),
    signedIn && id !== undefined,
  );
}

/** The pairs, limits and fees of a new plan. */
export function useRecurringConfig() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const signedIn = useAtomValue(isLoggedInAtom);
  return useCachedReply(`${USER_SCOPE}${uid}:recurring:config`, fetchConfig, signedIn);
}
