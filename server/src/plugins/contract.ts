import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Endpoint, EndpointAuth, ParsedRequestOf, ResponseOf } from '@contract/define';
import { failureReplySchema, okReply } from '@contract/envelope';
import type { AppContext } from '../context';
import { AppError, sessionError } from '../errors';
import { langFrom, type Locale } from '../i18n';
import { authenticate, resolvedSessionOf, signedInAs, tokenFrom, type Auth } from './auth';
import { isShared, sharedReplies } from './shared-reply';

declare module 'fastify' {
  interface FastifyInstance {
    /** Settings, database, clock and mailer shared by every module. */
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The session of an endpoint with `auth: true` or `'admin'`; null elsewhere. */
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /** The endpoint's `fieldLabels`, for the error handler's messages. */
    fieldLabels?: Endpoint['fieldLabels'];
  }
}

export interface HandlerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
  lang: Locale;
  auth: Auth | null;
  /** The contract entry being served (its path scopes idempotency keys). */
  endpoint: Endpoint;
  /** Client facts services record (code throttles, session list). */
  meta: { ip: string; userAgent: string; lang: Locale };
}

export type EndpointHandler<E extends Endpoint> = (
  input: ParsedRequestOf<E>,
  h: HandlerContext,
) => Promise<ResponseOf<E>> | ResponseOf<E>;

export interface BindOptions {
  /** The body is multipart and read by the handler; no body schema applies. */
  multipart?: boolean;
}

/** The session of an `auth: true` or `'admin'` endpoint (always set there: bindEndpoint checked it). */
export function signedIn(h: HandlerContext): Auth {
  if (!h.auth) throw sessionError('please_login');
  return h.auth;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** `lang` belongs to every request, not to the endpoint's schema: read it, then drop it. */
function takeInput(req: FastifyRequest, part: 'body' | 'querystring'): void {
  const raw: unknown = part === 'body' ? req.body : req.query;
  if (raw === undefined || raw === null || raw === '') {
    if (part === 'body') req.body = {};
    else req.query = {};
    return;
  }
  // JSON arrays, strings and numbers are well-formed JSON but not a form.
  if (!isPlainObject(raw)) throw new AppError('parameter_error');
  req.lang = langFrom(raw) ?? req.lang;
  const { lang: _lang, ...rest } = raw;
  if (part === 'body') req.body = rest;
  else req.query = rest;
}

/**
 * The one place access is decided: no session needed, a session (999 without one), or a session
 * of staff (support or admin) or of an admin only (403 with the error envelope for anyone else).
 */
export async function authorize(req: FastifyRequest, ctx: AppContext, access: EndpointAuth): Promise<Auth | null> {
  if (access === false) return null;
  return admitted(await authenticate(req, ctx), access);
}

/** The role check of `authorize` for a signed-in session. */
function admitted(auth: Auth, access: EndpointAuth): Auth {
  if (access === 'admin' && auth.user.role !== 'admin') throw new AppError('admin_only', { status: 403 });
  if (access === 'staff' && auth.user.role === 'user') throw new AppError('admin_only', { status: 403 });
  return auth;
}

/**
 * `authorize` without a promise when the answer is already known: no access needed, or the
 * session was resolved earlier in the request (the rate limit keys signed-in requests by it).
 * Undefined when the session still has to be resolved.
 */
function authorizeNow(req: FastifyRequest, access: EndpointAuth): Auth | null | undefined {
  if (access === false) return null;
  if (!tokenFrom(req)) throw sessionError('please_login');
  const resolved = resolvedSessionOf(req);
  return resolved === undefined ? undefined : admitted(signedInAs(resolved), access);
}

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

const okEnvelope = <T>(message: T) => ({ type: 'ok' as const, message });

const noStore = (_req: FastifyRequest, reply: FastifyReply, done: () => void) => {
  reply.header('cache-control', 'no-store');
  done();
};

/**
 * Registers a contract endpoint at `/api` + its path: validates the query (GET) or body (POST)
 * with the endpoint's schema, enforces its `auth` (999 without a session, 403 for a non-admin on an
 * admin endpoint; handlers never check access themselves), wraps the
 * handler's result as `{type: "ok", message}`, and documents the route in the OpenAPI document.
 */
export function bindEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: BindOptions = {},
): void {
  const part = endpoint.method === 'GET' ? 'querystring' : 'body';
  const validated = !(options.multipart && part === 'body');
  const envelope = z.union([okReply(endpoint.response), failureReplySchema]);
  const sendShared = sharedReplies(envelope);
  app.route({
    method: endpoint.method,
    url: `/api${endpoint.path}`,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(validated ? { [part]: endpoint.request } : {}),
      ...(part === 'body'
        ? {
            consumes: options.multipart
              ? ['multipart/form-data']
              : ['application/x-www-form-urlencoded', 'application/json'],
          }
        : {}),
      ...(endpoint.auth ? { security: [{ token: [] }] } : {}),
      response: { 200: envelope },
    },
    ...(endpoint.fieldLabels ? { config: { fieldLabels: endpoint.fieldLabels } } : {}),
    // A signed-in reply is personal: no browser, proxy or service worker may keep it.
    ...(endpoint.auth ? { onRequest: noStore } : {}),
    // A callback hook: most requests are decided without a promise (see authorizeNow).
    preValidation: (req, _reply, done) => {
      let auth: Auth | null | undefined;
      try {
        if (validated) takeInput(req, part);
        else req.lang = langFrom(req.query) ?? req.lang;
        auth = authorizeNow(req, endpoint.auth);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (auth !== undefined) {
        req.auth = auth;
        done();
        return;
      }
      authorize(req, app.ctx, endpoint.auth).then(
        (resolved) => {
          req.auth = resolved;
          done();
        },
        (err: Error) => done(err),
      );
    },
    // Not async: a handler that answers from memory (the signed-in user, the market board) is
    // sent without a promise; Fastify sends a returned envelope and waits for a returned promise.
    handler: (req, reply) => {
      const input = (part === 'body' ? req.body : req.query) as ParsedRequestOf<E>;
      const meta = { ip: req.ip, userAgent: req.headers['user-agent'] ?? '', lang: req.lang };
      const message = handler(input, {
        req,
        reply,
        ctx: app.ctx,
        lang: req.lang,
        auth: req.auth,
        endpoint,
        meta,
      });
      if (isThenable(message)) {
        return message.then((resolved) =>
          isShared(resolved) ? sendShared(req, reply, resolved) : okEnvelope(resolved),
        );
      }
      if (isShared(message)) {
        sendShared(req, reply, message);
        return undefined;
      }
      return okEnvelope(message);
    },
  });
}
