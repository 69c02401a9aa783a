import { useCallback, useEffect, useRef, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { MicroOrder, microSubmit } from '@contract/seconds';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { fetchResult, sendContract } from '../api/seconds';
import { remainingAt } from '../model/countdown';
import type { StoredOrder } from '../model/orders';
import { useMicroOrderEvents, useStoreOrder } from './orders';

/**
 * Opens a contract (online only: the entry price is the feed's at acceptance, so a queued order
 * would enter at a price the user never saw) and stores the accepted order for the holding list.
 */
export function usePlaceContract(onPlaced: (order: MicroOrder) => void) {
  const { t } = useLingui();
  const store = useStoreOrder();
  return useMoneyAction(
    (key, data: RequestOf<typeof microSubmit>) => sendContract(data, key),
    async (order) => {
      await store(order);
      Toast.show({ icon: 'success', content: t`Contract opened` });
      onPlaced(order);
    },
    {
      name: 'open seconds contract',
      offlineMessage: t`You are offline. Contracts are never placed offline; try again when connected.`,
    },
  );
}

/** How long after expiry to ask for a result the live event has not brought. */
const RESULT_GRACE_MS = 2_000;
const RESULT_RETRY_MS = 2_000;
const RESULT_TRIES = 30;

/**
 * Results of the user's holding contracts as they settle: the `closed_microorder` event fetches
 * the settled order at once; an order whose expiry passed without an event (connection down) is
 * asked for after a grace time, and again until it has settled. Each settled order is stored
 * (it moves to history) and queued once for the result sheet.
 */
export function useSettlements(holding: StoredOrder[] | undefined, onSettled: () => void) {
  const store = useStoreOrder();
  const [results, setResults] = useState<MicroOrder[]>([]);
  const seen = useRef(new Set<number>());
  const tries = useRef(new Map<number, number>());
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  const check = useCallback(
    async (id: number) => {
      if (seen.current.has(id)) return true;
      try {
        const order = await fetchResult(id);
        if (order.status !== 'settled' || seen.current.has(id)) return false;
        seen.current.add(id);
        await store(order);
        setResults((r) => [...r, order]);
        settledRef.current();
        return true;
      } catch (error) {
        console.warn('seconds result not fetched', error);
        return false;
      }
    },
    [store],
  );

  useMicroOrderEvents((e) => void check(e.id));

  // Orders past expiry without a result: ask after the grace time, then every few seconds.
  // Re-armed when the set of holding orders or the times their copies arrived change.
  const ids = (holding ?? []).map((h) => `${h.order.id}:${h.savedAt}`).join(',');
  const holdingRef = useRef(holding);
  useEffect(() => {
    holdingRef.current = holding;
  });
  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    for (const { order, savedAt } of holdingRef.current ?? []) {
      const poll = () => {
        const n = (tries.current.get(order.id) ?? 0) + 1;
        tries.current.set(order.id, n);
        void check(order.id).then((done) => {
          if (!done && n < RESULT_TRIES) timers.push(setTimeout(poll, RESULT_RETRY_MS));
        });
      };
      const wait = remainingAt({ remainingMs: order.remaining_ms, receivedAt: savedAt }, Date.now()) + RESULT_GRACE_MS;
      timers.push(setTimeout(poll, wait));
    }
    return () => timers.forEach(clearTimeout);
  }, [ids, check]);

  const dismiss = useCallback(() => setResults((r) => r.slice(1)), []);
  return { result: results[0] ?? null, dismiss };
}
