import { USER_SCOPE } from '@/lib/db';

/** What the security page keeps for offline reading, one reply each. */
export type SecurityPart = 'overview' | 'sessions' | 'anti-phishing';

/**
 * The cache key of one part of the page: the user's own scope, so another account on this device
 * never reads it and signing out wipes it (with the anti-phishing code).
 */
export const securityKey = (uid: number, part: SecurityPart) => `${USER_SCOPE}${uid}:security:${part}`;

/**
 * Read-only while offline. Changes are never queued: each needs a confirmation at the moment it
 * is made. A refresh that failed online (a slow or refused request) leaves the actions on: each
 * says itself why it failed, and one failed read must not lock the page.
 */
export function readOnlyOf(online: boolean): boolean {
  return !online;
}
