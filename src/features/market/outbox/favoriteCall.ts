import type { QueuedSession } from '@/lib/outbox/http';

/**
 * The favorite kind's name and payload, apart from its sender: the market screens queue stars
 * with these, and so load neither the outbox's HTTP client nor its reply schema (zod).
 */

/** Outbox kind of a star or unstar made offline. */
export const FAVORITE_KIND = 'favorite';

/**
 * A star or unstar exactly as the page would have posted it (`/optional/add` or `/optional/del`),
 * with the session it was made in, so the service worker can send it without the page.
 */
export interface FavoriteCall extends QueuedSession {
  path: string;
  body: Record<string, string>;
  /** What to settle in the favorites table once the server has answered. */
  favorite: { currency_id: number; action: 'add' | 'del' };
}
