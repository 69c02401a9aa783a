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

/** The session of a request, or a 999 failure: missing token, or one unknown, revoked or idle. */
export async function authenticate(req: FastifyRequest, ctx: AppContext): Promise<Auth> {
  const token = tokenFrom(req);
  if (!token) throw sessionError('please_login');
  const auth = await resolveSession(ctx, token);
  if (!auth) throw sessionError('session_expired');
  return auth;
}
