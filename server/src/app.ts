import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { UPLOAD_LIMITS } from '../../contract/site';
import type { Config } from './config';
import { DEFAULT_LIMITS, type AppContext, type Limits } from './context';
import { openDatabase, type Database } from './db/client';
import { createMailer, type Mailer } from './modules/mail/index';
import { envelopePlugin } from './plugins/envelope';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { authRoutes } from './modules/auth/routes';
import { devRoutes } from './modules/dev/routes';
import { siteRoutes } from './modules/site/routes';
import { uploadRoutes } from './modules/uploads/routes';

export interface BuildAppOptions {
  config: Config;
  /** An opened and migrated database; without it one is opened from `config`, migrated, and
   *  closed with the app. */
  db?: Database;
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** Replaces the mailer chosen by the mode (demo: development mailbox; production: SMTP). */
  mailer?: Mailer;
  limits?: Partial<Limits>;
  /** The built PWA; defaults to `dist/` at the repository root. */
  distDir?: string;
  /** Fastify's logger option; defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
}

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

/** Production sends replies as they are; elsewhere each reply is checked against its schema, so
 *  drift between the contract and the server fails tests instead of reaching clients. */
const plainSerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** A hop count means "trust the nearest n proxies" (proxy-addr's rule for numbers). */
function trustProxyOption(v: Config['trustProxy']) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

/** The Fastify app, ready for `inject` or `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: limits.bodyBytes,
  }).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.mode === 'production' ? plainSerializerCompiler : serializerCompiler);

  const database = options.db ?? (await openDatabase(config));
  if (!options.db) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  const now = options.now ?? (() => new Date());
  const ctx: AppContext = {
    config,
    db: database.db,
    now,
    limits,
    mailer: options.mailer ?? createMailer(config, database.db, now),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);

  await app.register(envelopePlugin);
  await app.register(securityPlugin, { limits });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  await app.register(openapiPlugin);

  await app.register(authRoutes);
  await app.register(siteRoutes);
  await app.register(uploadRoutes);
  if (config.mode === 'demo') await app.register(devRoutes);
  await app.register(staticPlugin, { distDir: options.distDir ?? DEFAULT_DIST_DIR });
  return app;
}
