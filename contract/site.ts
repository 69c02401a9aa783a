import { z } from 'zod';
import { endpoint } from './define';
import { requiredString } from './domain/rules';

export const siteConfigSchema = z.object({
  site_name: z.string(),
  site_logo: z.string(),
  agent_name: z.string(),
  support_url: z.string(),
  /** True in demo mode: market data is simulated and the UI must say so. */
  demo: z.boolean(),
  version: z.string(),
});

export const getSiteConfig = endpoint({
  method: 'GET',
  path: '/getSiteConfig',
  auth: false,
  summary: 'Site name, logo and agent name shown by the app',
  tags: ['site'],
  request: z.object({}),
  response: siteConfigSchema,
});

/**
 * This process's hold on its database's engines (matching, order ids, the maker, triggers,
 * settlement, the scheduler), for monitoring and load balancers; public, nothing secret. A second
 * server on the same database refuses to start, and one that loses its lock stops at once, so a
 * server that answers owns the engines: `lock` says what keeps others out (`advisory_lock` on
 * PostgreSQL, `data_folder` for the embedded database, `none` when a test harness built the app).
 */
export const health = endpoint({
  method: 'GET',
  path: '/health',
  auth: false,
  summary: 'Whether this server runs the engines of its database, under which lock, checked now',
  tags: ['site'],
  request: z.object({}),
  response: z.object({
    matching: z.literal('owner'),
    lock: z.enum(['advisory_lock', 'data_folder', 'none']),
    database: z.enum(['postgres', 'pglite']),
    /** When this process took the lock. */
    since: z.string(),
    checked_at: z.string(),
  }),
});

/** Public settings by keyword (for example `register_agreement`, `withdraw_notice`). */
export const getSetting = endpoint({
  method: 'GET',
  path: '/getSetting',
  auth: false,
  summary: 'A public setting by keyword',
  tags: ['site'],
  request: z.object({ keyword: requiredString() }),
  response: z.object({ keyword: z.string(), value: z.string() }),
});

export const UPLOAD_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 20_000_000,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;

/**
 * Multipart upload of one image in the field `file`. Reply `message` is the file reference to
 * send in later requests (vouchers, avatars, identity pictures).
 */
export const upload = endpoint({
  method: 'POST',
  path: '/upload',
  auth: true,
  summary: 'Upload one JPEG, PNG or WebP image (at most 5 MB and 20 megapixels)',
  tags: ['site'],
  request: z.object({}),
  response: z.string(),
});
