import { describe, expect, it } from 'vitest';
import { LOCALES } from '@contract/domain/locales';
import { pushEventSchema, pushPayloadSchema, type PushEvent } from '@contract/push';
import { CATEGORY_DELIVERY, PAYLOAD_MAX_BYTES, PUSH_TEXTS, payloadOf, render, topicOf } from './texts';

/** One event of every type (and every variant that changes the text). */
const EVENTS: PushEvent[] = [
  { type: 'system.announcement', title: 'Maintenance', body: 'Tonight 22:00 for 30 minutes' },
  { type: 'auction.outbid', artwork_id: 4, name: 'Dawn', price: '12.5', currency: 'USDT' },
  { type: 'auction.ending_10m', artwork_id: 4, name: 'Dawn' },
  { type: 'auction.won', artwork_id: 4, order_id: 9, name: 'Dawn', price: '30', currency: 'USDT' },
  { type: 'auction.payment_due_1h', artwork_id: 4, order_id: 9, name: 'Dawn', amount: '27', currency: 'USDT' },
  { type: 'auction.payment_expired', artwork_id: 4, order_id: 9, name: 'Dawn', margin: '3', currency: 'USDT' },
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
  { type: 'settlement.seconds', order_id: 1, pair: 'BTC/USDT', result: 'loss', profit: '-10', currency: 'USDT' },
  ...(['take_profit', 'stop_loss', 'liquidation', 'trailing_stop'] as const).map((trigger): PushEvent => ({
    type: 'settlement.futures',
    position_id: 2,
    pair: 'ETH/USDT',
    trigger,
    profit: '5',
    currency: 'USDT',
  })),
  { type: 'settlement.finance', product: 'lockming', order_id: 3, name: '5 days', amount: '100', currency: 'USDT' },
  ...(['margin_call', 'liquidation'] as const).map((kind): PushEvent => ({
    type: 'settlement.loan',
    kind,
    loan_id: 6,
    collateral: 'BTC',
    ltv: '0.8',
    price: '30000',
  })),
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
  { type: 'support.reply', preview: 'Your deposit arrived' },
  ...(['opened', 'paid', 'released', 'cancelled', 'expired', 'appeal', 'decided'] as const).map((step): PushEvent => ({
    type: 'trade.otc',
    order_id: 9,
    step,
    quantity: '100',
    coin: 'USDT',
  })),
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
  ...(['above', 'below', 'change'] as const).map((kind): PushEvent => ({
    type: 'trade.price_alert',
    alert_id: 3,
    pair: 'BTC/USDT',
    kind,
    target: kind === 'change' ? '5' : '60000',
    price: '60123.45',
    change: '-5.2',
  })),
  { type: 'trade.cancelled', order_id: 7, pair: 'BTC/USDT', side: 'sell', reason: 'user', filled: '0' },
  ...['paid', 'sold', 'opened', 'some_new_kind'].map((kind): PushEvent => ({
    type: 'nft.message',
    kind,
    artwork_id: 4,
    name: 'Dawn',
    price: kind === 'opened' ? null : '640',
    currency: 'USDT',
  })),
];

describe('push texts', () => {
  it('has every text in all 8 languages', () => {
    for (const [key, texts] of Object.entries(PUSH_TEXTS)) {
      for (const l of LOCALES) expect(texts[l]?.trim().length, `${key} ${l}`).toBeGreaterThan(0);
    }
  });

  it('renders every event in every language with its values, a route of the app and a valid payload', () => {
    const types = new Set(EVENTS.map((e) => e.type));
    expect(types.size).toBe(pushEventSchema.options.length);
    for (const event of EVENTS) {
      pushEventSchema.parse(event);
      const titles = new Set<string>();
      for (const l of LOCALES) {
        const p = pushPayloadSchema.parse(payloadOf('e1', event, l, new Date(0)));
        expect(p.body).not.toMatch(/\{\w+\}/);
        expect(p.route).toMatch(/^\/(pages\/[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)+)?(\?[A-Za-z0-9_\-.=&%]*)?$/);
        for (const a of p.actions) expect(a.route).toMatch(/^\/pages\//);
        if ('name' in event) expect(p.body).toContain(event.name);
        titles.add(p.title);
      }
      // Translated: announcements are the admin's own words; the rest differ by language.
      if (event.type !== 'system.announcement') expect(titles.size).toBeGreaterThan(4);
    }
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
    const outbid = EVENTS[1]!;
    expect(topicOf(outbid, render(outbid, 'en').tag)).toBe('outbid-4');
    expect(topicOf(EVENTS[0]!, render(EVENTS[0]!, 'en').tag)).toBeUndefined();
    expect(topicOf(outbid, `x.${'y'.repeat(60)}`)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(CATEGORY_DELIVERY.auction.urgency).toBe('high');
    expect(CATEGORY_DELIVERY.system.ttl).toBeGreaterThan(CATEGORY_DELIVERY.auction.ttl);
  });
});
