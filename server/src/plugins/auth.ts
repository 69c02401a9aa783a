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
const sessionsOfRequests = new WeakMap<FastifyRequest, Promise<Auth | null>>();

/** The same sessions once resolved, so later steps of the request (the access check after the
 *  rate limit's key) decide without awaiting a promise again. */
const resolvedSessions = new WeakMap<FastifyRequest, Auth | null>();

/** The session of a request's token (null without one), resolved once per request. */
export function sessionOf(req: FastifyRequest, ctx: AppContext): Promise<Auth | null> {
  let auth = sessionsOfRequests.get(req);
  if (!auth) {
    const token = tokenFrom(req);
    auth = token ? resolveSession(ctx, token) : Promise.resolve(null);
    sessionsOfRequests.set(req, auth);
    auth.then(
      (resolved) => resolvedSessions.set(req, resolved),
      () => {},
    );
  }
  return auth;
}

/** The session of a request if `sessionOf` already resolved it, else undefined. */
export function resolvedSessionOf(req: FastifyRequest): Auth | null | undefined {
  return resolvedSessions.get(req);
}

/** The session of a request, or a 999 failure: missing token, or one unknown, revoked or idle. */
export async function authenticate(req: FastifyRequest, ctx: AppContext): Promise<Auth> {
  if (!tokenFrom(req)) throw sessionError('please_login');
  return signedInAs(await sessionOf(req, ctx));
}

/** A resolved session, or the 999 failure of a token that resolved to none. */
export function signedInAs(auth: Auth | null): Auth {
  if (!auth) throw sessionError('session_expired');
  return auth;
}
