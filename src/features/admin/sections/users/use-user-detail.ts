import { useEffect, useState } from 'react';
import * as admin from '@contract/admin';
import { call } from '@/lib/http';
import { apiErrorsShown } from '@/lib/submit';
import type { Detail } from './types';

/**
 * One user's account, fetched again on each `reload()`. `detail` is null, or of an older attempt,
 * while loading; its `data` is null when the load failed (the failure is shown).
 */
export function useUserDetail(id: number) {
  const [detail, setDetail] = useState<{ for: number; data: Detail | null; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    call(admin.userDetail, { id }).then(
      (data) => live && setDetail({ for: attempt, data, failed: false }),
      (error: unknown) => {
        apiErrorsShown('user detail')(error);
        if (live) setDetail({ for: attempt, data: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  return { detail, attempt, reload: () => setAttempt((n) => n + 1) };
}
