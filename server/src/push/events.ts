import { sql } from 'drizzle-orm';
import type { CancelReason } from '@contract/trade';
import type { Tx } from '../ledger/index';
import { CATALOG } from '../market/catalog';
import { notifyMany, type Notification, type NotifyWriter } from './notify';
import { rows } from '../db/rows';
import { describeUserAgent } from '../lib/user-agent';

/** Notifications features send from inside their batches, kept here so their edits stay one line. */

const pairName = new Map(CATALOG.instruments.map((i) => [i.id, i.symbol]));
const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));

/** A stored numeric without trailing zeros: "100.500000" is "100.5", "100" stays. */
export const plainDecimal = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** Names of a pair and a currency as users see them. */
export const pairSymbol = (id: number) => pairName.get(id) ?? String(id);
export const currencySymbol = (id: number) => currencyName.get(id) ?? String(id);

/**
 * One "seconds contract settled" notification per settled order of a settlement batch, in the
 * batch's transaction, as one statement. `profits[i]` is the signed profit of `orders[i]`.
 */
export async function notifySecondsSettled(
  tx: NotifyWriter,
  orders: readonly { id: number; userId: number; pairId: number; result: 'win' | 'loss' | 'tie' | 'void' }[],
  profits: readonly string[],
  currencyId: number,
  at: Date,
): Promise<number> {
  const currency = currencySymbol(currencyId);
  // Every owner gets a notice in the inbox (pushes only where subscribed): one row per order.
  const items: Notification[] = orders.map((o, i) => ({
    userId: o.userId,
    event: {
      type: 'settlement.seconds',
      order_id: o.id,
      pair: pairSymbol(o.pairId),
      result: o.result,
      profit: profits[i] ?? '0',
      currency,
    },
  }));
  return notifyMany(tx, items, at);
}

/** "Position closed by its take-profit, stop-loss, trailing stop or a liquidation", in the close's transaction. */
export async function notifyFuturesClosed(
  tx: NotifyWriter,
  row: { id: number; userId: number; pairId: number; pnl: string | null },
  trigger: 'take_profit' | 'stop_loss' | 'liquidation' | 'trailing_stop',
  at: Date,
): Promise<number> {
  return notifyMany(
    tx,
    [
      {
        userId: row.userId,
        event: {
          type: 'settlement.futures',
          position_id: row.id,
          pair: pairSymbol(row.pairId),
          trigger,
          profit: row.pnl ?? '0',
          currency: 'USDT',
        },
      },
    ],
    at,
  );
}

/**
 * "Finance product matured" for lock-mining orders (principal returned) or dual-investment orders
 * (settled payout), read back from the orders just finished in `tx`: one select, one insert.
 */
export async function notifyFinanceMatured(
  tx: Tx,
  product: 'lockming' | 'dual',
  orderIds: readonly number[],
  at: Date,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const ids = sql.param([...orderIds]);
  const q =
    product === 'lockming'
      ? sql`SELECT o.id, o.user_id, p.name, o.amount::text AS amount, o.currency_id
            FROM lock_orders o JOIN lock_products p ON p.id = o.product_id
            WHERE o.id = ANY(${ids}::int[]) ORDER BY o.id`
      : sql`SELECT o.id, o.user_id, NULL AS name, o.holding_days, o.currency_id AS coin_id,
              COALESCE(o.payout, o.amount)::text AS amount, COALESCE(o.payout_currency_id, o.currency_id) AS currency_id
            FROM dual_orders o WHERE o.id = ANY(${ids}::bigint[]) ORDER BY o.id`;
  return notifyMany(
    tx,
    (await rows(tx, q)).map((r) => ({
      userId: Number(r.user_id),
      event: {
        type: 'settlement.finance' as const,
        product,
        order_id: Number(r.id),
        name: r.name ? String(r.name) : `${currencySymbol(Number(r.coin_id))} ${Number(r.holding_days)}D`,
        amount: plainDecimal(String(r.amount)),
        currency: currencySymbol(Number(r.currency_id)),
      },
    })),
    at,
  );
}

/** "Recharge / withdrawal approved or rejected", in the review's transaction. */
export async function notifyWalletReviewed(
  tx: NotifyWriter,
  kind: 'recharge' | 'withdrawal',
  row: { id: number; userId: number; amount: string; currency: string },
  approved: boolean,
  at: Date,
): Promise<number> {
  return notifyMany(
    tx,
    [
      {
        userId: row.userId,
        event: {
          type: 'wallet.reviewed',
          kind,
          id: row.id,
          approved,
          amount: plainDecimal(String(row.amount)),
          currency: row.currency,
        },
      },
    ],
    at,
  );
}

/** A short device description from a User-Agent: browser and system, e.g. "Chrome / Android". */
export const deviceOf = (userAgent: string): string => describeUserAgent(userAgent).name;

/** "New sign-in" (where from) or "password changed", right after the change. */
export async function notifySecurity(
  db: NotifyWriter,
  userId: number,
  what: { login: { ip: string; userAgent: string } } | { changed: 'login' | 'pay' },
  at: Date,
): Promise<number> {
  const event =
    'login' in what
      ? { type: 'security.login' as const, ip: what.login.ip.slice(0, 64), device: deviceOf(what.login.userAgent) }
      : { type: 'security.password_changed' as const, which: what.changed };
  return notifyMany(db, [{ userId, event }], at);
}

/** A user's spot order a trading batch changed: `traded` when it filled in that batch. */
export interface SpotOrderChange {
  id: number;
  userId: number;
  pair: string;
  side: 'buy' | 'sell';
  status: 'open' | 'partial' | 'filled' | 'cancelled';
  cancelReason: CancelReason | null;
  filledQty: string;
  filledValue: string;
  currency: string;
  traded: boolean;
}

/**
 * "Order filled / partly filled" for each order that traded in a trading batch, else "order
 * cancelled" for each it cancelled: one notice per order and batch, all in one statement of the
 * batch's transaction. Orders that only rested tell nothing.
 */
export async function notifySpotOrders(
  tx: NotifyWriter,
  orders: readonly SpotOrderChange[],
  at: Date,
): Promise<number> {
  const items: Notification[] = [];
  for (const o of orders) {
    const filled = plainDecimal(o.filledQty);
    if (o.traded) {
      items.push({
        userId: o.userId,
        event: {
          type: 'trade.filled',
          order_id: o.id,
          pair: o.pair,
          side: o.side,
          filled,
          value: plainDecimal(o.filledValue),
          currency: o.currency,
          complete: o.status === 'filled',
        },
      });
    } else if (o.status === 'cancelled') {
      const reason = o.cancelReason ?? 'user';
      items.push({
        userId: o.userId,
        event: { type: 'trade.cancelled', order_id: o.id, pair: o.pair, side: o.side, reason, filled },
      });
    }
  }
  return notifyMany(tx, items, at);
}
