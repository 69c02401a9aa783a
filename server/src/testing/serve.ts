import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { buildApp } from '../app';
import type { Limits } from '../context';
import type { Database } from '../db/client';
import { createSmtpMailer } from '../mail/smtp-mailer';
import { RELAXED_LIMITS } from './app';
import { oneTestDatabase } from './databases';
import { openPgliteFromTemplate } from './template';
import { testConfig } from './config';

export interface TestServer {
  /** Origin without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh migrated database: see `startTestServer`. */
async function openDatabase(dataDir: string): Promise<Database> {
  if (process.env.DATABASE_URL) return oneTestDatabase().open();
  const database = await openPgliteFromTemplate(join(dataDir, 'pglite'));
  await database.migrate();
  return database;
}

/** The demo defaults of `MAKER_*` (config.ts). */
const DEMO_MAKER = { enabled: true, spreadBps: 20, levels: 5, levelValue: 2000, maxInventory: 50_000 };

/**
 * The real server over HTTP on a free loopback port, with a fresh database: a copy of the
 * migrated template on PostgreSQL when DATABASE_URL is set (the database then works in its own
 * process, beside the browser and the test), else PGlite in the temporary data directory. The
 * data directory is removed on close. Used by the browser tests. Production mode hands mail to a
 * transport that sends nothing.
 */
export async function startTestServer(
  options: { distDir?: string; mode?: 'demo' | 'production'; limits?: Partial<Limits> } = {},
): Promise<TestServer> {
  const mode = options.mode ?? 'demo';
  const dataDir = await mkdtemp(join(tmpdir(), 'h5-server-'));
  const database = await openDatabase(dataDir);
  // The browser sees what `npm start` shows: in demo mode the house market maker quotes the books.
  const config = testConfig({
    mode,
    dataDir,
    smtpUrl: mode === 'production' ? 'smtp://127.0.0.1:9' : undefined,
    ...(mode === 'demo' ? { maker: DEMO_MAKER } : {}),
  });
  const app = await buildApp({
    config,
    db: database,
    logger: false,
    validateReplies: true,
    limits: { ...RELAXED_LIMITS, ...options.limits },
    ...(options.distDir ? { distDir: options.distDir } : {}),
    ...(mode === 'production'
      ? { mailer: createSmtpMailer(nodemailer.createTransport({ jsonTransport: true }), config.mailFrom) }
      : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
