import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DualState } from '@contract/invest';
import type { MarketSource } from '@contract/market';

/** SPEC.md section 4: purchased, settling, completed (success), failed. */
export const STATE_LABELS: Record<DualState, MessageDescriptor> = {
  purchased: msg`Purchased`,
  settling: msg`Settling`,
  completed: msg`Completed`,
  failed: msg`Failed`,
};

export const SOURCE_LABELS: Record<MarketSource, MessageDescriptor> = {
  simulated: msg`simulated feed`,
  binance: msg`Binance`,
};
