import { describe, expect, it, vi } from 'vitest';
import { eventKey, TopicRegistry, topicKey } from './topics';

describe('topic keys', () => {
  it('match the server room names', () => {
    expect(topicKey({ symbol: 'BTC/USDT', stream: 'daymarket' })).toBe('daymarket:BTC/USDT');
    expect(topicKey({ symbol: 'BTC/USDT', stream: 'kline', period: '5min' })).toBe('kline:BTC/USDT:5min');
  });

  it('route events to their topic and ignore anything else', () => {
    expect(eventKey({ type: 'kline', symbol: 'ETH/USDT', period: '1day' })).toBe('kline:ETH/USDT:1day');
    expect(eventKey({ type: 'match_trade', symbol: 'ETH/USDT' })).toBe('match_trade:ETH/USDT');
    expect(eventKey({ type: 'nope', symbol: 'ETH/USDT' })).toBeNull();
    expect(eventKey('daymarket')).toBeNull();
  });
});

describe('TopicRegistry', () => {
  it('reference-counts listeners per topic', () => {
    const r = new TopicRegistry();
    const topic = { symbol: 'BTC/USDT', stream: 'daymarket' } as const;
    const a = vi.fn();
    const b = vi.fn();
    expect(r.add(topic, a)).toBe(true);
    expect(r.add({ ...topic }, b)).toBe(false);
    r.dispatch({ type: 'daymarket', symbol: 'BTC/USDT', now_price: '1' });
    r.dispatch({ type: 'daymarket', symbol: 'ETH/USDT', now_price: '1' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
    expect(r.remove(topic, a)).toBe(false);
    expect(r.remove(topic, a)).toBe(false);
    expect(r.remove(topic, b)).toBe(true);
    expect(r.size).toBe(0);
  });

  it('lets a listener unsubscribe while events are delivered', () => {
    const r = new TopicRegistry();
    const topic = { symbol: 'X', stream: 'match_trade' } as const;
    const second = vi.fn();
    const first = vi.fn(() => r.remove(topic, second));
    r.add(topic, first);
    r.add(topic, second);
    r.dispatch({ type: 'match_trade', symbol: 'X' });
    expect(first).toHaveBeenCalledOnce();
    expect(r.topics()).toHaveLength(1);
  });
});
