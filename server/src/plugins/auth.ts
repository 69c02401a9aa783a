import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessionError } from '../errors';
import { resolveSession, type Auth } from '../modules/auth/sessions';

export type { Auth };

/** The raw token, also accepted as `Bearer <token>`. */
export function tokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

/** What each request's token resolved to, so the rate limit's key and the access check share it. */
const sessionsOfRequests = new WeakMap<FastifyRequest, Auth | null | Promise<Auth | null>>();

/**
 * The session of a request's token (null without one), resolved once per request: at once when
 * the session is in memory, else a promise.
 */
export function sessionOf(req: FastifyRequest, ctx: AppContext): Auth | null | Promise<Auth | null> {
  const known = sessionsOfRequests.get(req);
  if (known !== undefined) return known;
  const token = tokenFrom(req);
  const auth = token ? resolveSession(ctx, token) : null;
  sessionsOfRequests.set(req, auth);
  return auth;
}

/** The session of a request, or a 999 failure: missing token, or one unknown, revoked or idle. */
export function authenticate(req: FastifyRequest, ctx: AppContext): Auth | Promise<Auth> {
  if (!tokenFrom(req)) throw sessionError('please_login');
  const auth = sessionOf(req, ctx);
  return auth instanceof Promise ? auth.then(signedInAs) : signedInAs(auth);
}

function signedInAs(auth: Auth | null): Auth {
  if (!auth) throw sessionError('session_expired');
  return auth;
}
