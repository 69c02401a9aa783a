/** Rows of the copy-trading tables as contract/copytrade.ts shows them. */
import type { Application, Copy, Follow, Trader, TraderStats, TraderTrade } from '@contract/copytrade';
import type { FollowApplicationRow, FollowRow } from '../../db/schema/index';
import { D, type Dec } from '../../positions/math';
import type { PositionRow } from '../../positions/repo';
import { instrumentOf, positionView, type Mark } from '../../positions/service';
import type { CopyJoined, FollowFigures, TraderJoined } from './repo';

const plain = (v: string | null | undefined) => new D(v ?? '0').toFixed();
const percent = (part: Dec, whole: Dec) => (whole.isZero() ? '0' : part.div(whole).times(100).toFixed(2, D.ROUND_DOWN));

export function statsView(t: TraderJoined): TraderStats {
  const s = t.stats;
  if (!s) {
    return {
      total_profit: '0',
      accuracy: '0',
      followers: t.followers,
      yield: '0',
      profitable_orders: 0,
      closed_orders: 0,
      margin_used: '0',
      as_of: null,
    };
  }
  return {
    total_profit: plain(s.totalProfit),
    accuracy: percent(new D(s.profitableOrders), new D(s.closedOrders)),
    followers: t.followers,
    yield: percent(new D(s.totalProfit), new D(s.marginUsed)),
    profitable_orders: s.profitableOrders,
    closed_orders: s.closedOrders,
    margin_used: plain(s.marginUsed),
    as_of: s.asOf.toISOString(),
  };
}

const NO_FIGURES: FollowFigures = { used: '0', copied: 0, skipped: 0, profit: '0' };

export function followView(row: FollowRow, traderName: string, figures: FollowFigures = NO_FIGURES): Follow {
  return {
    id: row.id,
    trader_user_id: row.traderId,
    trader_name: traderName,
    follow_user_id: row.followerId,
    type: row.type,
    number: row.type === 1 ? new D(row.number).toFixed(2) : new D(row.number).toFixed(0),
    max_amount: row.maxAmount === null ? null : plain(row.maxAmount),
    state: row.state,
    used_amount: plain(figures.used),
    copied_count: figures.copied,
    skipped_count: figures.skipped,
    profit: plain(figures.profit),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    cancelled_at: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}

export function traderView(t: TraderJoined, viewerId: number, myFollow: Follow | null): Trader {
  return {
    user_id: t.trader.userId,
    name: t.name,
    avatar: t.avatar === '' ? null : t.avatar,
    introduction: t.trader.introduction,
    demo: t.trader.demo,
    approved_at: t.trader.approvedAt.toISOString(),
    stats: statsView(t),
    my_follow: myFollow,
    is_me: t.trader.userId === viewerId,
  };
}

export function traderTradeView(row: PositionRow, mark: Mark | null): TraderTrade {
  const p = positionView(row, mark);
  return {
    id: p.id,
    symbol: p.symbol,
    type: p.type,
    status: p.status,
    share: p.share,
    multiple: p.multiple,
    price: p.price,
    close_price: p.close_price,
    profits: p.profits,
    caution_money: p.caution_money,
    transaction_time: p.transaction_time,
    close_time: p.close_time,
    close_reason: p.close_reason,
  };
}

export function copyView(j: CopyJoined, traderName: string, markFor: (pairId: number) => Mark | null): Copy {
  const { copy, position, trader } = j;
  const state: Copy['state'] =
    copy.state === 'skipped'
      ? 'skipped'
      : copy.state === 'self_holding'
        ? 'self_holding'
        : position?.status === 'open'
          ? 'open'
          : 'closed';
  return {
    id: copy.id,
    follow_id: copy.followId,
    trader_user_id: copy.traderId,
    trader_name: traderName,
    trader_position_id: copy.traderPositionId,
    symbol: instrumentOf(trader.pairId).symbol,
    type: trader.side,
    trader_share: copy.traderLots,
    share: copy.lots,
    state,
    skip_reason: copy.skipReason ?? null,
    position: position ? positionView(position, markFor(position.pairId)) : null,
    created_at: copy.createdAt.toISOString(),
    self_held_at: copy.selfHeldAt ? copy.selfHeldAt.toISOString() : null,
  };
}

export function applicationView(row: FollowApplicationRow): Application {
  return {
    id: row.id,
    user_id: row.userId,
    introduction: row.introduction,
    state: row.state,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}
