import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApplicationState, CopyState, FollowState, SkipReason } from '@contract/copytrade';
import type { CloseReason } from '@contract/futures';

export const FOLLOW_STATE_LABELS: Record<FollowState, MessageDescriptor> = {
  following: msg`Following`,
  cancelled: msg`Cancelled`,
};

export const COPY_STATE_LABELS: Record<CopyState, MessageDescriptor> = {
  open: msg`Open`,
  closed: msg`Closed`,
  self_holding: msg`Self-holding`,
  skipped: msg`Skipped`,
};

/** Why a copy was not opened, in the user's words (`SKIP_REASONS` of the contract). */
export const SKIP_REASON_LABELS: Record<SkipReason, MessageDescriptor> = {
  zero_lots: msg`Your multiple came to less than one lot`,
  amount_cap: msg`It would have gone above your amount cap`,
  insufficient_balance: msg`Your futures balance did not cover margin and fee`,
  share_range: msg`The lots were outside the futures limits`,
  house_cap: msg`The platform's limit for this pair and side was reached`,
  missed: msg`Missed while the service restarted; the price had moved`,
};

export const APPLICATION_STATE_LABELS: Record<ApplicationState, MessageDescriptor> = {
  review: msg`Under review`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
};

export const CLOSE_REASON_LABELS: Record<CloseReason, MessageDescriptor> = {
  user: msg`Closed by hand`,
  batch: msg`Closed by hand (batch)`,
  take_profit: msg`Take-profit reached`,
  stop_loss: msg`Stop-loss reached`,
  liquidation: msg`Liquidated`,
  trailing_stop: msg`Trailing stop reached`,
};

export const SIDE_LABELS: Record<1 | 2, MessageDescriptor> = { 1: msg`Long`, 2: msg`Short` };
