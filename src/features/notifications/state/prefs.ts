import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { PushCategory, PushPrefs } from '@contract/push';
import { cachePut, USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { userAtom } from '@/lib/state';
import { fetchPrefs, sendPrefs } from '../api/push';

/**
 * The user's notification categories from the server, kept in the Dexie cache so the settings
 * read offline (`failed` set, with `savedAt`); a toggle is sent at once and shown when the server
 * confirms it.
 */
export function usePushPrefs() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const key = `${USER_SCOPE}${uid}:push:prefs`;
  const reply = useCachedReply<PushPrefs>(key, fetchPrefs);
  const [saving, setSaving] = useState<PushCategory | undefined>(undefined);

  /** Turns one category on or off; resolves when the server has answered (the HTTP client shows errors). */
  const toggle = useCallback(
    async (category: PushCategory, on: boolean) => {
      setSaving(category);
      try {
        await cachePut(key, await sendPrefs({ [category]: on }));
      } finally {
        setSaving(undefined);
      }
    },
    [key],
  );

  return { prefs: reply.value, savedAt: reply.savedAt, failed: reply.failed, load: reply.refresh, saving, toggle };
}
