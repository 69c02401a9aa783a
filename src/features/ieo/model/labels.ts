import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { IeoOrderStatus, IeoState } from '@contract/ieo';

export const STATE_LABELS: Record<IeoState, MessageDescriptor> = {
  warmup: msg`Warming up`,
  progress: msg`In progress`,
  ended: msg`Ended`,
};

export const ORDER_STATUS_LABELS: Record<IeoOrderStatus, MessageDescriptor> = {
  applied: msg`Applied, payment held`,
  allocated: msg`Allocated, coins locked`,
  refunded: msg`Not allocated, refunded`,
  credited: msg`Coins credited`,
};
