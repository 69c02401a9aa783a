import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ReplyType } from '@contract/envelope';
import { AppError } from '../errors';
import { DEFAULT_LOCALE, translate, type Locale } from '../i18n';
import { describeIssue } from './issues';
import { bodyTextLocale, refusedRequestLocale, requestLocale, unreadBodyLocale } from './request-lang';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reply language: `lang` of the body or the query, then Accept-Language, else hk. */
    lang: Locale;
  }
}

type FailureType = Exclude<ReplyType, 'ok'>;

function fail(reply: FastifyReply, status: number, type: FailureType, message: string) {
  return reply.code(status).send({ type, message });
}

function inputOf(req: FastifyRequest, context: string | undefined): unknown {
  return context === 'querystring' ? req.query : req.body;
}

/** Failures that keep their HTTP status (the rest of the client's faults answer 200). */
const KEPT_STATUS: Record<number, string> = {
  404: 'not_found',
  408: 'request_timeout',
  413: 'body_too_large',
  414: 'uri_too_long',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/**
 * Fastify's router failures (a parameter over `maxParamLength`, a URL that cannot be decoded)
 * happen before any hook; they answer the envelope too. Passed as Fastify's `frameworkErrors`.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const lang = requestLocale(req.raw.url, req.headers);
  const status = err.statusCode === 414 ? 414 : 400;
  req.log.info({ code: err.code }, 'rejected request');
  void fail(reply, status, 'error', translate(lang, KEPT_STATUS[status] ?? 'parameter_error'));
}

/**
 * The request a connection received last, for the language of failures Node reports on the socket:
 * a body that times out, or the next request's headers when they are refused. Its `lang` is read
 * when needed, so a language its body named counts too.
 */
const socketRequests = new WeakMap<Socket, { lang: Locale }>();

/** Node hands over the bytes it parsed as a Buffer (Fastify's types describe their JSON form). */
function packetBytes(raw: unknown): Buffer | undefined {
  if (Buffer.isBuffer(raw)) return raw;
  const data = (raw as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? Buffer.from(data as number[]) : undefined;
}

/**
 * Requests Node's HTTP parser refuses (headers too large, a request that timed out, malformed
 * bytes) never reach Fastify; answer them with the envelope on the socket itself. Passed as
 * Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: { code: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const key = KEPT_STATUS[status] ?? 'parameter_error';
  // A timed-out request had its headers read; a refused one only left its raw bytes.
  const earlier = socketRequests.get(socket)?.lang;
  const lang = status === 408 ? (earlier ?? DEFAULT_LOCALE) : refusedRequestLocale(packetBytes(err.rawPacket), earlier);
  const body = JSON.stringify({ type: 'error', message: translate(lang, key) });
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Fastify's JSON parser (prototype poisoning refused), which on a refusal still reads the body's
 * `lang` for the reply: the body was read, only its keys were refused.
 */
function replaceJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, raw, done) => {
    const body = String(raw); // parseAs: 'string' hands over a string
    void parseJson(req, body, (err, parsed) => {
      if (err) req.lang = bodyTextLocale('application/json', body) ?? req.lang;
      done(err, parsed);
    });
  });
}

/** The field name an error message shows: the endpoint's own label for it, if it has one. */
const labelOf = (req: FastifyRequest, field: string) => req.routeOptions.config?.fieldLabels?.[field] ?? field;

/**
 * The reply envelope of SPEC.md section 8 for every failure: business and validation failures
 * are HTTP 200 so the original client shows their message; 404, 408, 413, 414, 429 and 431 keep
 * their status; anything unexpected is a 500 with a generic message, the details going only to
 * the log.
 */
export const envelopePlugin = fp(
  async (app) => {
    app.decorateRequest('lang', DEFAULT_LOCALE);
    app.addHook('onRequest', (req, _reply, done) => {
      req.lang = requestLocale(req.url, req.headers);
      socketRequests.set(req.raw.socket, req);
      done();
    });
    replaceJsonParser(app);

    app.setErrorHandler((err: FastifyError, req, reply) => {
      const lang = req.lang;
      if (err instanceof AppError && err.status === 429 && req.body === undefined) {
        // Refused before its body was read: the app names its language there.
        return unreadBodyLocale(req.raw, app.initialConfig.bodyLimit ?? 0).then((bodyLang) =>
          fail(reply, 429, err.type, translate(bodyLang ?? lang, err.key)),
        );
      }
      if (err instanceof AppError) {
        const values = err.field ? { ...err.values, field: labelOf(req, err.field) } : err.values;
        return fail(reply, err.status, err.type, translate(lang, err.key, values));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const [first] = err.validation;
        const { key, field } = first
          ? describeIssue(first, inputOf(req, err.validationContext))
          : { key: 'parameter_error', field: undefined };
        return fail(reply, 200, 'error', translate(lang, key, field ? { field: labelOf(req, field) } : {}));
      }
      const status = err.statusCode ?? 500;
      const kept = KEPT_STATUS[status];
      if (kept) return fail(reply, status, 'error', translate(lang, kept));
      if (status >= 400 && status < 500) {
        // Malformed JSON, unsupported content types, bad content length: the client's fault.
        req.log.info({ code: err.code, msg: err.message }, 'rejected request');
        return fail(reply, 200, 'error', translate(lang, 'parameter_error'));
      }
      req.log.error({ err }, 'request failed');
      return fail(reply, 500, 'error', translate(lang, 'internal_error'));
    });

    app.setNotFoundHandler((req, reply) => fail(reply, 404, 'error', translate(req.lang, 'not_found')));
  },
  { name: 'envelope' },
);
