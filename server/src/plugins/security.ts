import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Limits } from '../context';
import { AppError } from '../errors';
import type { RedisLink } from '../redis/connect';
import { sessionOf } from './auth';
import { fixedHelmetHeaders } from './security-headers';

/** Code sending, login and password reset are what attackers hammer; they get a tighter limit. */
export const STRICT_RATE_LIMIT_URLS = [
  '/api/sms_mail',
  '/api/sms_send',
  '/api/user/login',
  '/api/user/forget',
  // "This wasn't me" links work without a session.
  '/api/security/not_me',
  '/api/security/not_me/check',
];

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

/** Written by the build (scripts/boot-welcome.ts): hashes of index.html's inline scripts. */
export const CSP_HASHES_FILE = 'csp-hashes.json';

/**
 * `script-src` with the hashes of the build's inline scripts (the welcome text index.html paints
 * before the app loads); only `'self'` without a build or with an unreadable list.
 */
export function scriptSources(distDir: string | undefined): string[] {
  const file = distDir && join(distDir, CSP_HASHES_FILE);
  if (!file || !existsSync(file)) return CSP_DIRECTIVES.scriptSrc;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const hashes = (parsed as { script?: unknown }).script;
  const valid = Array.isArray(hashes)
    ? hashes.filter((h): h is string => /^'sha256-[A-Za-z0-9+/=]+'$/.test(String(h)))
    : [];
  return [...CSP_DIRECTIVES.scriptSrc, ...valid];
}

/** Replies smaller than this gain little from compression and cost a compressor each. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const byAddress = (req: FastifyRequest) => `ip:${req.ip}`;

/**
 * Browser features the PWA may use: the camera for the avatar (SPEC.md: camera or album) on our
 * own origin; nothing else, and never for a framed page.
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'browsing-topics=()',
].join(', ');

/**
 * What an `/api` reply carries instead of the page headers (OWASP REST Security Cheat Sheet): a JSON
 * reply is never a document, so it loads nothing (`default-src 'none'`) and is never framed, and the
 * document-only headers (Permissions-Policy, opener and agent-cluster isolation, DNS prefetch, the
 * legacy IE and Flash ones) mean nothing on it. Every API call of the PWA then carries about 150
 * bytes of security headers instead of 1 KB (HTTP/1.1 does not compress headers).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** JSON endpoints; the OpenAPI UI under /api/docs is a page. */
export const isApiUrl = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * The build's hashed scripts, style sheets, fonts and raster images: subresources, never documents
 * (the app starts no worker from them; the service worker is /h5/sw.js, a page-headed file). A
 * CSP, framing, permission or isolation header means nothing on them, and on a slow phone a cold
 * start fetches dozens: they carry only the headers that act on a subresource, about 130 bytes
 * instead of 1.3 KB each. An SVG can be opened as a document, so it keeps the page headers.
 */
const ASSET_URL = /^\/h5\/assets\/[^?#]+\.(?:js|css|woff2?|png|jpe?g|webp|avif)(?:[?#]|$)/;
export const isAssetUrl = (url: string) => ASSET_URL.test(url);

/** What a subresource of the build carries (see `isAssetUrl`); HSTS is added from the page set. */
export const ASSET_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/**
 * Where the counters live. With Redis, in Redis (`@fastify/rate-limit`'s store: one Lua script per
 * request, the same fixed windows as the memory store), so a client's requests count together
 * whichever API process each lands on. A failed Redis call lets the request through rather than
 * failing it: the process is then not ready (`/health/ready`) and the proxy sends clients
 * elsewhere, and the limits that guard accounts (login tries, code sends) are in the database.
 */
const counterStore = (redis: RedisLink | undefined) =>
  redis ? { redis: redis.client, nameSpace: `${redis.prefix}rate-limit:`, skipOnError: true } : {};

export const securityPlugin = fp<{ limits: Limits; distDir?: string; redis?: RedisLink | undefined }>(
  async (app, { limits, distDir, redis }) => {
    const directives = { ...CSP_DIRECTIVES, scriptSrc: scriptSources(distDir) };
    const mixedCase: Record<string, string> = {
      ...fixedHelmetHeaders({
        contentSecurityPolicy: { useDefaults: false, directives },
        // Cross-origin isolation would block the OpenAPI UI's and future market images; not needed.
        crossOriginEmbedderPolicy: false,
      }),
      'Permissions-Policy': PERMISSIONS_POLICY,
    };
    // Fastify lower-cases every header name it is given; names already in lower case come back as
    // the same string, so the per-request copy makes no new strings and no string-table lookups.
    const pageHeaders = Object.fromEntries(
      Object.entries(mixedCase).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const hsts = { 'strict-transport-security': pageHeaders['strict-transport-security']! };
    const apiHeaders = { ...API_SECURITY_HEADERS, ...hsts };
    const assetHeaders = { ...ASSET_SECURITY_HEADERS, ...hsts };
    // A callback hook, not an async one: no promise per request for a synchronous step.
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(isApiUrl(req.url) ? apiHeaders : isAssetUrl(req.url) ? assetHeaders : pageHeaders);
      done();
    });

    // Must run before the rate-limit plugin's own onRoute hook reads `config.rateLimit`.
    app.addHook('onRoute', (route) => {
      const url = route.url ?? '';
      if (STRICT_RATE_LIMIT_URLS.includes(url)) {
        // Always per address: a session token must not buy an attacker a fresh bucket.
        route.config = {
          ...(route.config ?? {}),
          rateLimit: { max: limits.strictPerMinute, timeWindow: '1 minute', keyGenerator: byAddress },
        };
      } else if (!url.startsWith('/api')) {
        // The app shell and its chunks are static and cacheable; a reload fetches dozens of them,
        // so counting them would lock users out of the app, not protect the API. They are served
        // pre-compressed, so they are not compressed again either.
        route.config = { ...(route.config ?? {}), rateLimit: false };
        route.compress = false;
      }
    });
    // socket.io answers on the HTTP server before Fastify routes anything, so it is never compressed.
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      // Replies are compressed; request bodies are not taken compressed. No client of ours sends
      // them, and a decompressor in front of every body parser is one more thing exposed to anyone.
      globalDecompression: false,
    });
    await app.register(rateLimit, {
      ...counterStore(redis),
      global: true,
      // Signed in: per account, so people behind one address (offices, mobile carriers) do not
      // share a bucket and one account cannot spread its load over addresses. Before: per address.
      max: (_req, key) => (key.startsWith('user:') ? limits.userPerMinute : limits.globalPerMinute),
      keyGenerator: async (req) => {
        const auth = await sessionOf(req, app.ctx);
        return auth ? `user:${auth.user.id}` : byAddress(req);
      },
      timeWindow: '1 minute',
      // The counters go out with a refusal (with Retry-After), not on every reply: the app does not
      // read them, and a phone would receive three more uncompressed headers on every call.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: () => new AppError('too_many_requests', { status: 429 }),
    });
  },
  { name: 'security' },
);
