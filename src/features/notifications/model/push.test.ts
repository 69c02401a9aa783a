import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, OFFER_PAUSE_MS, sameKey, shouldOffer, subscriptionFields } from './push';

describe('push model', () => {
  it('decodes a base64url key with and without padding', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlToBytes('AQID_-8=')]).toEqual([1, 2, 3, 255, 239]);
    expect(base64UrlToBytes('').length).toBe(0);
  });

  it('compares the subscription key with the server key', () => {
    const key = base64UrlToBytes('AQID');
    expect(sameKey(new Uint8Array([1, 2, 3]).buffer, key)).toBe(true);
    expect(sameKey(new Uint8Array([1, 2, 4]).buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array([1, 2]).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });

  it('takes the endpoint and keys of a subscription, nothing when incomplete', () => {
    expect(subscriptionFields({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } })).toEqual({
      endpoint: 'https://push.example/1',
      p256dh: 'p',
      auth: 'a',
    });
    expect(subscriptionFields({ endpoint: 'https://push.example/1', keys: { p256dh: 'p' } })).toBeUndefined();
    expect(subscriptionFields({ keys: { p256dh: 'p', auth: 'a' } })).toBeUndefined();
  });

  it('offers notifications only before the browser asked, and not again soon after "not now"', () => {
    expect(shouldOffer('default', undefined, 10)).toBe(true);
    expect(shouldOffer('granted', undefined, 10)).toBe(false);
    expect(shouldOffer('denied', undefined, 10)).toBe(false);
    expect(shouldOffer('default', 1_000, 1_000 + OFFER_PAUSE_MS - 1)).toBe(false);
    expect(shouldOffer('default', 1_000, 1_000 + OFFER_PAUSE_MS)).toBe(true);
  });
});
