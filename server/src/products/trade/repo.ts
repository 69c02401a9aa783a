/** The trade module's reads of the trading core's tables: a user's orders and their fills. */
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { EntrustState, Fill, Order, OrderSide } from '@contract/trade';
import type { Db } from '../../db/client';
import { spotConditionalOrders, spotOrders, spotTrades } from '../../db/schema/index';
import { offsetOf, paged, type PageRequest } from '../../lib/paging';
import { fillView, orderView } from './service';
import { conditionalView } from './conditional';
import type { Conditional, ConditionalStatus } from '@contract/conditional';

const STATES_OF: Record<EntrustState, ('open' | 'partial' | 'filled' | 'cancelled')[]> = {
  in_progress: ['open', 'partial'],
  complete: ['filled', 'cancelled'],
};

export interface OrderFilter extends PageRequest {
  state: EntrustState;
  /** Pairs to include; undefined for all. */
  pairIds: number[] | undefined;
  side: OrderSide | undefined;
}

/** The user's orders in a state, newest first; only rows of `userId` are ever read. */
export async function userOrders(db: Db, userId: number, filter: OrderFilter) {
  const where: SQL[] = [eq(spotOrders.userId, userId), inArray(spotOrders.status, STATES_OF[filter.state])];
  if (filter.pairIds !== undefined) where.push(inArray(spotOrders.pairId, filter.pairIds));
  if (filter.side !== undefined) where.push(eq(spotOrders.side, filter.side));
  const cond = and(...where);
  if (filter.pairIds?.length === 0) return paged<Order>([], 0, filter);
  const [counted] = await db.select({ n: count() }).from(spotOrders).where(cond);
  const rows = await db
    .select()
    .from(spotOrders)
    .where(cond)
    .orderBy(desc(spotOrders.id))
    .limit(filter.limit)
    .offset(offsetOf(filter));
  return paged(rows.map(orderView), Number(counted?.n ?? 0), filter);
}

/** One order of the user with its fills, oldest fill first; another user's order is undefined. */
export async function userOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<(Order & { fills: Fill[] }) | undefined> {
  const [row] = await db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.id, orderId), eq(spotOrders.userId, userId)));
  if (!row) return undefined;
  const trades = await db
    .select()
    .from(spotTrades)
    .where(or(eq(spotTrades.takerOrderId, orderId), eq(spotTrades.makerOrderId, orderId)))
    .orderBy(spotTrades.id);
  return { ...orderView(row), fills: trades.map((t) => fillView(orderId, t)) };
}

export interface ConditionalFilter extends PageRequest {
  status: ConditionalStatus | undefined;
  pairIds: number[] | undefined;
}

/** The user's stop orders, newest first; only rows of `userId` are ever read. */
export async function userConditionals(db: Db, userId: number, filter: ConditionalFilter) {
  const t = spotConditionalOrders;
  const where: SQL[] = [eq(t.userId, userId)];
  if (filter.status !== undefined) where.push(eq(t.status, filter.status));
  if (filter.pairIds !== undefined) where.push(inArray(t.pairId, filter.pairIds));
  if (filter.pairIds?.length === 0) return paged<Conditional>([], 0, filter);
  const cond = and(...where);
  const [counted] = await db.select({ n: count() }).from(t).where(cond);
  const rows = await db.select().from(t).where(cond).orderBy(desc(t.id)).limit(filter.limit).offset(offsetOf(filter));
  return paged(rows.map(conditionalView), Number(counted?.n ?? 0), filter);
}
