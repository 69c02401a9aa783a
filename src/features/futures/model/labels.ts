import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CloseReason, PositionStatus } from '@contract/futures';
import type { MarketSource } from '@contract/market';
import { activeBcp47 } from '@/lib/i18n';
import type { Side } from './math';

export const SIDE_LABELS: Record<Side, MessageDescriptor> = { long: msg`Long`, short: msg`Short` };

export const STATUS_LABELS: Record<PositionStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  open: msg`Open`,
  closed: msg`Closed`,
  cancelled: msg`Cancelled`,
};

export const CLOSE_REASON_LABELS: Record<CloseReason, MessageDescriptor> = {
  user: msg`Closed by you`,
  batch: msg`Closed by you (batch)`,
  take_profit: msg`Take-profit reached`,
  stop_loss: msg`Stop-loss reached`,
  liquidation: msg`Liquidated`,
  trailing_stop: msg`Trailing stop reached`,
};

/** The feed a closing price came from. */
export const SOURCE_LABELS: Record<MarketSource, MessageDescriptor> = {
  simulated: msg`simulated feed`,
  binance: msg`Binance`,
};

/** A feed tick's time to the second, in the user's language. */
export const tickTime = (ts: number) =>
  new Intl.DateTimeFormat(activeBcp47(), { dateStyle: 'short', timeStyle: 'medium' }).format(ts);
