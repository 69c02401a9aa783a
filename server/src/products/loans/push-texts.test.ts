import { describe } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts } from '../../testing/push-texts';
import { LOAN_PUSH_RENDERERS, LOAN_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  ...(['margin_call', 'liquidation'] as const).map((kind): PushEvent => ({
    type: 'settlement.loan',
    kind,
    loan_id: 6,
    collateral: 'BTC',
    ltv: '0.8',
    price: '30000',
  })),
];

describe('crypto loan push texts', () => {
  itChecksPushTexts([LOAN_PUSH_TEXTS], LOAN_PUSH_RENDERERS, EVENTS);
});
