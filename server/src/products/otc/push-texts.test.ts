import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { OTC_PUSH_RENDERERS, OTC_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  ...(['opened', 'paid', 'released', 'cancelled', 'expired', 'appeal', 'decided'] as const).map((step): PushEvent => ({
    type: 'trade.otc',
    order_id: 9,
    step,
    quantity: '100',
    coin: 'USDT',
  })),
];

describe('otc push texts', () => {
  itChecksPushTexts([OTC_PUSH_TEXTS], OTC_PUSH_RENDERERS, EVENTS);
});
