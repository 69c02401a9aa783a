import { useEffect } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { db } from '@/lib/db';
import { fiatAtom, fiatListAtom, type FiatCurrency } from '@/lib/state';
import { fetchFiatRates } from '../api/market';
import { isFiatStale } from '../model/fiat';
import { apiErrorsShown } from '@/lib/submit';

/**
 * The chosen fiat with its rate. The table is fetched when older than 24 h (SPEC.md section 9)
 * and kept in Dexie and local storage, so conversions keep working offline.
 */
export function useFiat(): FiatCurrency {
  const [fiat, setFiat] = useAtom(fiatAtom);
  const setList = useSetAtom(fiatListAtom);
  const savedAt = fiat.saveTime;

  useEffect(() => {
    if (!isFiatStale(savedAt, Date.now())) return;
    let live = true;
    fetchFiatRates()
      .then(async ({ rates }) => {
        const now = Date.now();
        await db.fiatRates.bulkPut(rates.map((r) => ({ ...r, savedAt: now })));
        if (!live) return;
        setList(rates);
        setFiat((current) => {
          const rate = rates.find((r) => r.currency_code === current.currency_code)?.rate ?? '1';
          return {
            currency_code: rates.some((r) => r.currency_code === current.currency_code) ? current.currency_code : 'USD',
            rate,
            saveTime: now,
          };
        });
      })
      .catch(apiErrorsShown('fiat rates'));
    return () => {
      live = false;
    };
  }, [savedAt, setFiat, setList]);

  return fiat;
}
