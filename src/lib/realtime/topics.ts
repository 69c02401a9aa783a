import type { MarketEvent, Period, Stream } from '@contract/market-events';

/** One live stream of one pair; candles also name their period. */
export interface Topic {
  symbol: string;
  stream: Stream;
  period?: Period;
}

// Local copy of the stream names: importing the contract's values would pull zod into the
// first route. The type check keeps the two in step.
const STREAM_NAMES = ['daymarket', 'kline', 'market_depth', 'match_trade'] as const satisfies readonly Stream[];

/** The server's room name for a topic (contract/market-events.ts), used as the registry key. */
export function topicKey(topic: Topic): string {
  return topic.stream === 'kline'
    ? `kline:${topic.symbol}:${topic.period ?? '1min'}`
    : `${topic.stream}:${topic.symbol}`;
}

/** The key an incoming event belongs to, or null for anything that is not a market event. */
export function eventKey(event: unknown): string | null {
  if (typeof event !== 'object' || event === null) return null;
  const { type, symbol, period } = event as Partial<Record<string, unknown>>;
  if (typeof symbol !== 'string' || !STREAM_NAMES.includes(type as Stream)) return null;
  if (type === 'kline') return typeof period === 'string' ? `kline:${symbol}:${period}` : null;
  return `${type as string}:${symbol}`;
}

export type Listener<E extends MarketEvent = MarketEvent> = (event: E) => void;

/**
 * Reference counts per topic: many screens may watch the same pair, the server hears one
 * subscribe when the first listener arrives and one unsubscribe when the last one leaves.
 */
export class TopicRegistry {
  private readonly listeners = new Map<string, { topic: Topic; set: Set<Listener> }>();

  /** True when this is the topic's first listener (the caller subscribes on the server). */
  add(topic: Topic, listener: Listener): boolean {
    const key = topicKey(topic);
    const entry = this.listeners.get(key);
    if (entry) {
      entry.set.add(listener);
      return false;
    }
    this.listeners.set(key, { topic, set: new Set([listener]) });
    return true;
  }

  /** True when the topic has no listener left (the caller unsubscribes on the server). */
  remove(topic: Topic, listener: Listener): boolean {
    const key = topicKey(topic);
    const entry = this.listeners.get(key);
    if (!entry?.set.delete(listener)) return false;
    if (entry.set.size > 0) return false;
    this.listeners.delete(key);
    return true;
  }

  dispatch(event: unknown): void {
    const key = eventKey(event);
    const entry = key === null ? undefined : this.listeners.get(key);
    // Copy: a listener may unsubscribe while we iterate.
    for (const listener of [...(entry?.set ?? [])]) listener(event as MarketEvent);
  }

  has(topic: Topic): boolean {
    return this.listeners.has(topicKey(topic));
  }

  topics(): Topic[] {
    return [...this.listeners.values()].map((e) => e.topic);
  }

  get size(): number {
    return this.listeners.size;
  }
}
