/** The Redis names of spot routing under one prefix (a deployment, or one test's database). */
export interface SpotKeys {
  /** A pair's command stream; its consumer group is `GROUP`, each owner a consumer. */
  stream(pairId: number): string;
  /** Where a router process hears the answers to its commands (pub/sub). */
  reply(routerId: string): string;
  /** Every pair's committed batches with the book after each (pub/sub). */
  batches: string;
  /** A pair's last published book, for a process that starts later. */
  book(pairId: number): string;
}

export const GROUP = 'owners';

export function spotKeys(prefix: string): SpotKeys {
  return {
    stream: (pairId) => `${prefix}spot:cmd:${pairId}`,
    reply: (routerId) => `${prefix}spot:reply:${routerId}`,
    batches: `${prefix}spot:batch`,
    book: (pairId) => `${prefix}spot:book:${pairId}`,
  };
}
