import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MarketSource } from '@contract/market';
import type { MicroResult } from '@contract/seconds';
import type { Direction } from './orders';

export const DIRECTION_LABELS: Record<Direction, MessageDescriptor> = { up: msg`Up`, down: msg`Down` };

export const RESULT_LABELS: Record<MicroResult, MessageDescriptor> = {
  win: msg`Won`,
  tie: msg`Tie, stake refunded`,
  loss: msg`Lost`,
  void: msg`Void: no live price at expiry, stake refunded`,
};

export const SOURCE_LABELS: Record<MarketSource, MessageDescriptor> = {
  simulated: msg`simulated feed`,
  binance: msg`Binance`,
};
