import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Limits } from '../context';
import { AppError } from '../errors';

/** Code sending, login and password reset are what attackers hammer; they get a tighter limit. */
export const STRICT_RATE_LIMIT_URLS = ['/api/sms_mail', '/api/sms_send', '/api/user/login', '/api/user/forget'];

/**
 * The policy the PWA runs under: everything from our origin, inline styles (antd-mobile sets
 * style attributes), images from data/blob URLs (QR codes, previews of uploads), websockets for
 * live data, and no framing. The swagger UI needs nothing beyond this.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export const securityPlugin = fp<{ limits: Limits }>(
  async (app, { limits }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      // Cross-origin isolation would block the OpenAPI UI's and future market images; not needed.
      crossOriginEmbedderPolicy: false,
    });

    // Must run before the rate-limit plugin's own onRoute hook reads `config.rateLimit`.
    app.addHook('onRoute', (route) => {
      const url = route.url ?? '';
      if (STRICT_RATE_LIMIT_URLS.includes(url)) {
        route.config = {
          ...(route.config ?? {}),
          rateLimit: { max: limits.strictPerMinute, timeWindow: '1 minute' },
        };
      } else if (!url.startsWith('/api')) {
        // The app shell and its chunks are static and cacheable; a reload fetches dozens of them,
        // so counting them would lock users out of the app, not protect the API.
        route.config = { ...(route.config ?? {}), rateLimit: false };
      }
    });
    await app.register(rateLimit, {
      global: true,
      max: limits.globalPerMinute,
      timeWindow: '1 minute',
      errorResponseBuilder: () => new AppError('too_many_requests', { status: 429 }),
    });
  },
  { name: 'security' },
);
