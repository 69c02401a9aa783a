import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ApiError } from '../http';
import { tokenAtom, userAtom } from '../state';
import { reportUnexpected } from '../submit';
import { refreshUser } from './refresh';

/**
 * The signed-in user: the stored copy at once, then the server's (stored again for every screen).
 * A failed refresh keeps the stored copy, has been shown by the HTTP client, and sets `failed`
 * so the screen can offer `retry`.
 */
export function useUser() {
  const token = useAtomValue(tokenAtom);
  const user = useAtomValue(userAtom);
  const [state, setState] = useState<{ for: string; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    refreshUser().then(
      () => live && setState({ for: token, failed: false }),
      (error: unknown) => {
        if (!(error instanceof ApiError)) reportUnexpected(error, 'user refresh');
        if (live) setState({ for: token, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const settled = state?.for === token;
  return {
    user: token ? user : null,
    loading: token !== '' && !settled,
    failed: token !== '' && settled && state.failed,
    retry,
  };
}
