import { describe, expect, it } from 'vitest';
import type { PushEvent } from '@contract/push';
import { itChecksPushTexts, render, topicOf } from '../../testing/push-texts';
import { NFT_PUSH_RENDERERS, NFT_PUSH_TEXTS } from './push-texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  { type: 'auction.outbid', artwork_id: 4, name: 'Dawn', price: '12.5', currency: 'USDT' },
  { type: 'auction.ending_10m', artwork_id: 4, name: 'Dawn' },
  { type: 'auction.won', artwork_id: 4, order_id: 9, name: 'Dawn', price: '30', currency: 'USDT' },
  { type: 'auction.payment_due_1h', artwork_id: 4, order_id: 9, name: 'Dawn', amount: '27', currency: 'USDT' },
  { type: 'auction.payment_expired', artwork_id: 4, order_id: 9, name: 'Dawn', margin: '3', currency: 'USDT' },
  ...['paid', 'sold', 'opened', 'some_new_kind'].map((kind): PushEvent => ({
    type: 'nft.message',
    kind,
    artwork_id: 4,
    name: 'Dawn',
    price: kind === 'opened' ? null : '640',
    currency: 'USDT',
  })),
];

describe('auction and NFT push texts', () => {
  itChecksPushTexts([NFT_PUSH_TEXTS], NFT_PUSH_RENDERERS, EVENTS);

  it('sends an outbid, an ending auction and a payment due with a topic, the newest replacing the older', () => {
    const replaceable = new Set(['auction.outbid', 'auction.ending_10m', 'auction.payment_due_1h']);
    for (const event of EVENTS) {
      const topic = topicOf(event, render(event, 'en').tag);
      expect(topic !== undefined, event.type).toBe(replaceable.has(event.type));
    }
  });
});
