import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ReplyType } from '@contract/envelope';
import { AppError } from '../errors';
import { DEFAULT_LOCALE, langFrom, translate, type Locale } from '../i18n';
import { describeIssue } from './issues';

declare module 'fastify' {
  interface FastifyRequest {
    /** The reply language: `lang` of the body or the query, else the default (hk). */
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

/**
 * The reply envelope of SPEC.md section 8 for every failure: business and validation failures
 * are HTTP 200 so the original client shows their message; 404, 413 and 429 keep their status;
 * anything unexpected is a 500 with a generic message, the details going only to the log.
 */
export const envelopePlugin = fp(
  async (app) => {
    app.decorateRequest('lang', DEFAULT_LOCALE);
    app.addHook('onRequest', async (req) => {
      req.lang = langFrom(req.query) ?? DEFAULT_LOCALE;
    });

    app.setErrorHandler((err: FastifyError, req, reply) => {
      const lang = req.lang;
      if (err instanceof AppError) {
        const values = err.field ? { ...err.values, field: err.field } : err.values;
        return fail(reply, err.status, err.type, translate(lang, err.key, values));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const [first] = err.validation;
        const { key, field } = first
          ? describeIssue(first, inputOf(req, err.validationContext))
          : { key: 'parameter_error', field: undefined };
        return fail(reply, 200, 'error', translate(lang, key, field ? { field } : {}));
      }
      const status = err.statusCode ?? 500;
      if (status === 404) return fail(reply, 404, 'error', translate(lang, 'not_found'));
      if (status === 413) return fail(reply, 413, 'error', translate(lang, 'body_too_large'));
      if (status === 429) return fail(reply, 429, 'error', translate(lang, 'too_many_requests'));
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
