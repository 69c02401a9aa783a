import { z } from 'zod';
import { endpoint } from './define';
import { stepUpField, withdrawFreezeSchema } from './security';
import { id, text } from './domain/wire';

/**
 * Devices and sign-in alerts of the security centre.
 *
 * Each installation of the app keeps a random device key (`deviceKey` in local storage) and sends
 * it as `device_key` (`domain/device-key.ts`) with every sign-in (`/user/login`, `/user/register`,
 * `/security/passkey/login`). The server keeps the devices each account signed in from, by the
 * sha256 of that key; a sign-in without one is known by its browser family instead (see
 * `server/src/security/README.md`). A sign-in from a device the account has not used before
 * sends an alert by mail (or text), push and the inbox, carrying a one-time "this wasn't me"
 * link: `/pages/common/not_me?token=…`.
 */

/** A "this wasn't me" token: 256 random bits, base64url. */
export const NOT_ME_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long the link of an alert works: as long as the push service keeps a security push. */
export const NOT_ME_TTL_HOURS = 168;

const notMeToken = () =>
  text({ max: 64 }).refine((v) => NOT_ME_TOKEN_PATTERN.test(v), { error: 'field_invalid', abort: true });

/** The page a "this wasn't me" link opens (public: the owner may have lost access). */
export const notMeRoute = (token: string) => `/pages/common/not_me?token=${token}`;

/** `open` until used or expired. */
export const NOT_ME_STATES = ['open', 'used', 'expired'] as const;
export type NotMeState = (typeof NOT_ME_STATES)[number];

/** Ends one session of the signed-in account (another account's id answers like a missing one). */
export const sessionLogout = endpoint({
  method: 'POST',
  path: '/safe/sessions/logout',
  auth: true,
  summary: 'End one session of the signed-in account',
  tags: ['identity'],
  request: z.object({ id: id() }),
  response: z.object({ revoked: z.number().int() }),
});

export const notMeSignInSchema = z.object({
  /** "Chrome on Windows" and the like, from the sign-in's User-Agent. */
  device: z.string(),
  ip: z.string(),
  signed_in_at: z.string(),
  state: z.enum(NOT_ME_STATES),
});
export type NotMeSignIn = z.infer<typeof notMeSignInSchema>;

/** What sign-in an alert's link is about, before the owner acts on it; no session needed. */
export const notMeCheck = endpoint({
  method: 'POST',
  path: '/security/not_me/check',
  auth: false,
  summary: 'The sign-in a "this wasn\'t me" link names, and whether the link can still be used',
  tags: ['security'],
  request: z.object({ token: notMeToken() }),
  response: notMeSignInSchema,
});

/**
 * "This wasn't me": in one transaction, withdrawals of the account freeze and every one of its
 * sessions ends, and the sign-in's device is forgotten. Once per link; no session needed (the
 * owner may have lost access).
 */
export const notMe = endpoint({
  method: 'POST',
  path: '/security/not_me',
  auth: false,
  summary: '"This wasn\'t me": freeze withdrawals and end every session of the account (one-time link)',
  tags: ['security'],
  request: z.object({ token: notMeToken() }),
  response: z.object({ frozen_at: z.string(), sessions_ended: z.number().int() }),
});

/**
 * Lifts the withdrawal freeze: only after the login password changed since the freeze (whoever
 * signed in knew the old one), with a confirmation of action `withdraw_unfreeze`.
 */
export const withdrawUnfreeze = endpoint({
  method: 'POST',
  path: '/security/withdraw_unfreeze',
  auth: true,
  summary: 'Lift the withdrawal freeze (new login password first; step-up of action withdraw_unfreeze)',
  tags: ['security'],
  request: z.object({ step_up: stepUpField() }),
  response: withdrawFreezeSchema,
});
