import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { TRADE_PUSH_RENDERERS, TRADE_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  ...[true, false].map((complete): PushEvent => ({
    type: 'trade.filled',
    order_id: 7,
    pair: 'BTC/USDT',
    side: complete ? 'buy' : 'sell',
    filled: '0.5',
    value: '30000',
    currency: 'USDT',
    complete,
  })),
  { type: 'trade.cancelled', order_id: 7, pair: 'BTC/USDT', side: 'sell', reason: 'user', filled: '0' },
];

describe('spot order push texts', () => {
  itChecksPushTexts([TRADE_PUSH_TEXTS], TRADE_PUSH_RENDERERS, EVENTS);
});
