import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { ALERT_PUSH_RENDERERS, ALERT_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  ...(['above', 'below', 'change'] as const).map((kind): PushEvent => ({
    type: 'trade.price_alert',
    alert_id: 3,
    pair: 'BTC/USDT',
    kind,
    target: kind === 'change' ? '5' : '60000',
    price: '60123.45',
    change: '-5.2',
  })),
];

describe('price alert push texts', () => {
  itChecksPushTexts([ALERT_PUSH_TEXTS], ALERT_PUSH_RENDERERS, EVENTS);
});
