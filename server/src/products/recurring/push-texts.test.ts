import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { RECURRING_PUSH_RENDERERS, RECURRING_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  {
    type: 'trade.recurring',
    plan_id: 3,
    pair: 'BTC/USDT',
    result: 'bought',
    reason: null,
    spent: '50',
    got: '0.0005',
    base: 'BTC',
    quote: 'USDT',
  },
  ...(['insufficient_balance', 'slippage_exceeded', 'no_price', 'no_liquidity', 'rejected'] as const).map(
    (reason): PushEvent => ({
      type: 'trade.recurring',
      plan_id: 3,
      pair: 'BTC/USDT',
      result: 'skipped',
      reason,
      spent: '50',
      got: '0',
      base: 'BTC',
      quote: 'USDT',
    }),
  ),
];

describe('recurring buy push texts', () => {
  itChecksPushTexts([RECURRING_PUSH_TEXTS], RECURRING_PUSH_RENDERERS, EVENTS);
});
