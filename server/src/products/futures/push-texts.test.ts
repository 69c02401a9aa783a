import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { FUTURES_PUSH_RENDERERS, FUTURES_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  ...(['take_profit', 'stop_loss', 'liquidation', 'trailing_stop'] as const).map((trigger): PushEvent => ({
    type: 'settlement.futures',
    position_id: 2,
    pair: 'ETH/USDT',
    trigger,
    profit: '5',
    currency: 'USDT',
  })),
];

describe('futures push texts', () => {
  itChecksPushTexts([FUTURES_PUSH_TEXTS], FUTURES_PUSH_RENDERERS, EVENTS);
});
