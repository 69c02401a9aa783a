import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { cachePut, db, USER_SCOPE } from '@/lib/db';
import { fiatAtom, tokenAtom, userAtom } from '@/lib/state';
import { fetchBalances } from '../api/trade';

/** Available per currency id in the change (exchange) account, where orders take and put funds. */
export type ChangeBalances = Record<number, string>;

/**
 * The change account's available balances, stored per user so the form shows them offline with
 * their time; `refresh` after an order or an order event.
 */
export function useChangeBalances() {
  const token = useAtomValue(tokenAtom);
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const fiat = useAtomValue(fiatAtom).currency_code;
  const key = `${USER_SCOPE}${uid}:trade:change`;
  const row = useLiveQuery(() => db.cache.get(key).then((r) => r ?? null), [key]);
  const [failed, setFailed] = useState(false);

  // Resolves whether the server answered; the stored copy stays either way.
  const load = useCallback(async () => {
    if (!token) return true;
    try {
      const reply = await fetchBalances(fiat);
      const balances: ChangeBalances = Object.fromEntries(
        reply.change_wallet.balance.map((b) => [b.currency, b.available]),
      );
      await cachePut(key, balances);
      return true;
    } catch (error) {
      // Shown as "as of" beside the balance; the HTTP client already said what failed.
      console.warn('change balances not refreshed', error);
      return false;
    }
  }, [token, fiat, key]);

  const refresh = useCallback(async () => setFailed(!(await load())), [load]);

  useEffect(() => {
    let active = true;
    void load().then((ok) => active && setFailed(!ok));
    return () => {
      active = false;
    };
  }, [load]);

  return {
    balances: row ? (row.value as ChangeBalances) : undefined,
    savedAt: row?.savedAt,
    ready: row !== undefined,
    failed,
    refresh,
  };
}
