import { useEffect, useState } from 'react';
import type { ResponseOf } from '@contract/define';
import type { transferFee } from '@contract/wallet';
import { fetchTransferFee } from '../api/exchange';

type Terms = ResponseOf<typeof transferFee>;

/** The server's price, fee rate and minimum for exchanging `fromId` into `toId`; null until they arrive. */
export function useExchangeTerms(fromId: number | null, toId: number | null): Terms | null {
  const [fetched, setFetched] = useState<{ pair: string; terms: Terms } | null>(null);
  const pair = `${fromId}:${toId}`;

  useEffect(() => {
    if (fromId === null || toId === null || fromId === toId) return;
    let live = true;
    fetchTransferFee({ from_currency_id: fromId, to_currency_id: toId }).then(
      (x) => live && setFetched({ pair: `${fromId}:${toId}`, terms: x }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fromId, toId]);

  // Terms of another pair are never shown for this one.
  return fetched?.pair === pair ? fetched.terms : null;
}
