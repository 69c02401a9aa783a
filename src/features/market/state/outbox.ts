/**
 * Favorites reach the server through the app's one outbox (`@/lib/outbox`): the star is queued
 * with its kind (`../outbox/favoriteKind`), and this asks for the queue to be sent.
 */
export { requestOutboxSync } from '@/lib/outbox/page';
