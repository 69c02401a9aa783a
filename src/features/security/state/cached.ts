import { useAtomValue } from 'jotai';
import { useOnline } from '@/components/OfflineBanner';
import { useCachedReply } from '@/lib/holdings';
import { userAtom } from '@/lib/state';
import { readOnlyOf, securityKey, type SecurityPart } from './keys';

/**
 * One part of the security page from the device's cache at once, then from the server (while
 * signed in). Offline the stored copy stays, with `failed` and its `savedAt`.
 */
export function useSecurityReply<T>(part: SecurityPart, fetch: () => Promise<T>) {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  return { key: securityKey(uid, part), ...useCachedReply(securityKey(uid, part), fetch, uid !== 0) };
}

/** Whether the page only shows what it saved (see `readOnlyOf`). */
export function useReadOnly(): boolean {
  return readOnlyOf(useOnline());
}
