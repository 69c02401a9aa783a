import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { SECONDS_PUSH_RENDERERS, SECONDS_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  { type: 'settlement.seconds', order_id: 1, pair: 'BTC/USDT', result: 'loss', profit: '-10', currency: 'USDT' },
];

describe('seconds contract push texts', () => {
  itChecksPushTexts([SECONDS_PUSH_TEXTS], SECONDS_PUSH_RENDERERS, EVENTS);
});
