import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sessionError } from '../errors';
import { resolveSession, type Auth } from '../sessions/sessions';

export type { Auth };

/** The raw token, also accepted as `Bearer <token>`. */
export function tokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? undefined : token;
}

/**
 * What each request's token resolved to, so the rate limit's key and the access check share it:
 * the lookup, and its result once settled (later steps then decide without awaiting again).
 */
export interface SessionLookup {
  lookup: Promise<Auth | null>;
  result?: Auth | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This request's session lookup, once started. A request property declared up front (see
     * `decorateRequest` in app.ts) rather than a WeakMap keyed by requests: a WeakMap entry per
     * request costs the garbage collector an ephemeron on every signed-in call.
     */
    sessionLookup: SessionLookup | null;
  }
}

/** The session of a request's token (null without one), resolved once per request. */
export function sessionOf(req: FastifyRequest, ctx: AppContext): Promise<Auth | null> {
  if (req.sessionLookup) return req.sessionLookup.lookup;
  const token = tokenFrom(req);
  const entry: SessionLookup = { lookup: token ? resolveSession(ctx, token) : Promise.resolve(null) };
  entry.lookup.then(
    (result) => (entry.result = result),
    () => {},
  );
  req.sessionLookup = entry;
  return entry.lookup;
}

/** The session of a request if `sessionOf` already resolved it, else undefined. */
export function resolvedSessionOf(req: FastifyRequest): Auth | null | undefined {
  return req.sessionLookup?.result;
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
