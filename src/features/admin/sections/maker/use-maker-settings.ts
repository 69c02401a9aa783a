import { useCallback, useEffect, useState } from 'react';
import type { MakerSettings } from '@contract/trade';
import { adminMakerSettings } from '@contract/trade';
import { call } from '@/lib/http/client';
import { apiErrorsShown } from '@/lib/submit';

/**
 * The maker's settings (null while loading), whether the load failed (shown) with a retry, and
 * `saved` to take a save's reply; `version` counts the saves, to start the form and list afresh.
 */
export function useMakerSettings() {
  const [settings, setSettings] = useState<MakerSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    call(adminMakerSettings).then(
      (s) => live && setSettings(s),
      (err: unknown) => {
        apiErrorsShown('maker settings')(err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const saved = useCallback((s: MakerSettings) => {
    setSettings(s);
    setVersion((n) => n + 1);
  }, []);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };

  return { settings, failed, retry, version, saved };
}
