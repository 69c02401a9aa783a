import { useAtomValue } from 'jotai';
import { useLiveQuery } from 'dexie-react-hooks';
import { cacheGet, cachePut, USER_SCOPE } from '@/lib/db';
import { userAtom } from '@/lib/state';

/** Version of the agreement text (agreement/en.ts, zh.ts): a new version is accepted again. */
export const AGREEMENT_VERSION = 1;

/**
 * Whether this user accepted the copy trading agreement on this device (undefined while reading),
 * and `accept()` to record it: the follow form asks for it before the first follow.
 */
export function useAgreement() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const key = `${USER_SCOPE}${uid}:follow:agreement`;
  const accepted = useLiveQuery(
    async () => (await cacheGet<{ version: number }>(key))?.value.version === AGREEMENT_VERSION,
    [key],
  );
  return { accepted, accept: () => cachePut(key, { version: AGREEMENT_VERSION }) };
}
