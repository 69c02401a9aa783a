import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { IEO_ORDER_STATUSES, type IeoOrder } from '@contract/ieo';
import { db } from '@/lib/db';
import { storeHoldings, useHoldings } from '@/lib/holdings';
import { userAtom } from '@/lib/state';
import { fetchMyOrders } from '../api/ieo';

const keyOf = (o: IeoOrder) => ({ id: o.id, state: o.status, createdAt: o.created_at });

/** The user's subscriptions in every state, newest first, stored in Dexie for offline reading. */
export function useMyOrders(enabled = true) {
  return useHoldings<IeoOrder>({
    product: 'ieo',
    states: IEO_ORDER_STATUSES,
    fetchPage: fetchMyOrders,
    keyOf,
    enabled,
  });
}

/** Stores an accepted subscription at once, so "my subscriptions" shows it offline too. */
export function useStoreOrder() {
  const uid = useAtomValue(userAtom)?.id ?? 0;
  return useCallback((order: IeoOrder) => storeHoldings(db, uid, 'ieo', [{ ...keyOf(order), data: order }]), [uid]);
}
