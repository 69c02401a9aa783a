import { describe, expect, it } from 'vitest';
import { pushEventSchema, type PushEvent } from '@contract/push';
import { itChecksPushTexts, payloadOf, render, topicOf } from '../testing/push-texts';
import { PUSH_RENDERERS } from '../wiring';
import { CORE_PUSH_RENDERERS, CORE_PUSH_TEXTS } from './renderers';
import { CATEGORY_DELIVERY, PAYLOAD_MAX_BYTES } from './texts';

/**
 * One event of every type of the core (and every variant that changes the text); each product's
 * are checked beside its texts (`products/<name>/push-texts.test.ts`).
 */
const EVENTS: PushEvent[] = [
  { type: 'system.announcement', title: 'Maintenance', body: 'Tonight 22:00 for 30 minutes' },
  { type: 'settlement.finance', product: 'lockming', order_id: 3, name: '5 days', amount: '100', currency: 'USDT' },
  { type: 'settlement.finance', product: 'dual', order_id: 3, name: 'BTC 7D', amount: '0.1', currency: 'BTC' },
  ...(['recharge', 'withdrawal'] as const).flatMap((kind) =>
    [true, false].map((approved): PushEvent => ({
      type: 'wallet.reviewed',
      kind,
      id: 5,
      approved,
      amount: '1',
      currency: 'USDT',
    })),
  ),
  { type: 'security.login', ip: '10.0.0.1', device: 'Chrome / Android' },
  { type: 'security.new_device', ip: '10.0.0.1', device: 'Chrome / Android', token: 'A'.repeat(43) },
  { type: 'security.password_changed', which: 'login' },
  { type: 'security.password_changed', which: 'pay' },
  ...(['added', 'removed'] as const).flatMap((change): PushEvent[] => [
    { type: 'security.passkey', change, name: 'Phone' },
    { type: 'security.totp', change },
  ]),
  { type: 'security.whitelist', change: 'on', at: null },
  { type: 'security.whitelist', change: 'off_requested', at: '2030-01-02T03:04:05.000Z' },
  { type: 'security.whitelist', change: 'off_cancelled', at: null },
  { type: 'security.withdraw_paused', until: '2030-01-02T03:04:05.000Z' },
  ...(['set', 'changed', 'removed'] as const).map((change): PushEvent => ({ type: 'security.anti_phishing', change })),
  { type: 'security.factor_reset', stage: 'proposed', totp: true, passkeys: 2 },
  { type: 'security.factor_reset', stage: 'applied', totp: false, passkeys: 1 },
  { type: 'security.factor_reset', stage: 'rejected', totp: true, passkeys: 0 },
];

describe('push texts', () => {
  itChecksPushTexts(CORE_PUSH_TEXTS, CORE_PUSH_RENDERERS, EVENTS);

  it("has a renderer in the app's table for every event type of the contract", () => {
    const types = new Set(Object.keys(PUSH_RENDERERS));
    expect(types.size).toBe(pushEventSchema.options.length);
    for (const option of pushEventSchema.options) expect(types).toContain(option.shape.type.value);
  });

  it('shows amounts at the currency precision, rounded half-even, as the app does', () => {
    const finance = { type: 'settlement.finance', product: 'lockming', order_id: 3, name: '5 days' } as const;
    expect(render({ ...finance, amount: '99.98169426', currency: 'USDT' }, 'en').body).toContain('99.98 USDT');
    expect(render({ ...finance, amount: '96.665', currency: 'USDT' }, 'en').body).toContain('96.66 USDT');
    expect(render({ ...finance, amount: '96.675', currency: 'USDT' }, 'en').body).toContain('96.68 USDT');
    expect(render({ ...finance, amount: '0.123456789', currency: 'BTC' }, 'en').body).toContain('0.12345679 BTC');
  });

  it('keeps a long announcement under 4 KB, cutting its body without splitting a character', () => {
    const body = '公告'.repeat(3000);
    const p = payloadOf('e2', { type: 'system.announcement', title: 'T'.repeat(500), body }, 'hk', new Date(0));
    expect(Buffer.byteLength(JSON.stringify(p))).toBeLessThanOrEqual(PAYLOAD_MAX_BYTES);
    expect(p.body.endsWith('...')).toBe(true);
    expect(body.startsWith(p.body.slice(0, -3))).toBe(true);
  });

  it('starts the body with the anti-phishing code when the user set one, kept when a body is cut', () => {
    const event = EVENTS.find((e) => e.type === 'security.withdraw_paused')!;
    const plain = payloadOf('e3', event, 'en', new Date(0));
    expect(plain.body).toBe(
      'Your account security changed. Withdrawals resume at 2030-01-02 03:04 UTC. If this was not you, contact support',
    );
    expect(payloadOf('e3', event, 'en', new Date(0), 'blue 42 ช้าง').body).toBe(`[blue 42 ช้าง] ${plain.body}`);
    const long = payloadOf(
      'e4',
      { type: 'system.announcement', title: 'T', body: '公告'.repeat(3000) },
      'hk',
      new Date(0),
      '海豚 7',
    );
    expect(long.body.startsWith('[海豚 7] 公告')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(long))).toBeLessThanOrEqual(PAYLOAD_MAX_BYTES);
  });

  it('sets a topic only where a newer event replaces an older one, within 32 URL-safe characters', () => {
    const outbid: PushEvent = { type: 'auction.outbid', artwork_id: 4, name: 'Dawn', price: '12.5', currency: 'USDT' };
    expect(topicOf(outbid, render(outbid, 'en').tag)).toBe('outbid-4');
    expect(topicOf(EVENTS[0]!, render(EVENTS[0]!, 'en').tag)).toBeUndefined();
    expect(topicOf(outbid, `x.${'y'.repeat(60)}`)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(CATEGORY_DELIVERY.auction.urgency).toBe('high');
    expect(CATEGORY_DELIVERY.system.ttl).toBeGreaterThan(CATEGORY_DELIVERY.auction.ttl);
  });
});
