import type { LockOrder, LockStatus } from '@contract/lockming';
import { storeHoldings, useHoldings } from '@/lib/holdings';
import { db } from '@/lib/db';
import { fetchOrders } from '../api/lock';

const keyOf = (o: LockOrder) => ({ id: o.id, state: o.status, createdAt: o.created_at });

/** One tab of the user's lock-mining orders, stored in Dexie so it reads offline. */
export const useLockOrders = (status: LockStatus, enabled: boolean) =>
  useHoldings<LockOrder>({
    product: 'lock',
    states: [status],
    fetchPage: (page) => fetchOrders(status, page),
    keyOf,
    enabled,
  });

/** Stores an order the server just answered with, so it moves tabs at once. */
export const storeOrder = (uid: number, order: LockOrder) =>
  storeHoldings(db, uid, 'lock', [{ ...keyOf(order), data: order }]);
