// The server as `npm start` runs it: the bundle scripts/build-server.mjs makes (the server, the
// contract and most packages in a few files), started in a process of its own on a new data
// folder. The rest of the suite runs the sources; this checks that what the bundle carries (the
// web framework, the database drivers, compression, socket.io, multipart, the image checks) and
// what it leaves in node_modules (the embedded database, libvips, Swagger) work from the bundle.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './testing/multipart';
import { freePort } from './testing/child-process';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository, where the packages left out of the bundle resolve.
const outdir = join(root, 'node_modules', '.cache', `server-bundle-test-${process.pid}`);

beforeAll(async () => {
  const { buildServer } = (await import(join(root, 'scripts/build-server.mjs'))) as {
    buildServer(options: { outdir: string }): Promise<void>;
  };
  await buildServer({ outdir });
}, 120_000);

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

/** A scratch database on the server of `adminUrl`, dropped by the returned function. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `h5_bundle_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const DATABASES: { name: string; url?: string }[] = [
  { name: 'pglite' },
  ...(process.env.DATABASE_URL ? [{ name: 'postgres', url: process.env.DATABASE_URL }] : []),
];

for (const database of DATABASES) {
  describe(`server bundle [${database.name}]`, () => {
    let server: ChildProcess;
    let base: string;
    let dataDir: string;
    let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'h5-bundle-'));
      scratch = database.url ? await scratchDatabase(database.url) : undefined;
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_MODE: 'demo',
        LOG_LEVEL: 'warn',
      };
      delete env.DATABASE_URL;
      if (scratch) env.DATABASE_URL = scratch.url;
      server = spawn(process.execPath, [join(outdir, 'main.mjs')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
      base = `http://127.0.0.1:${port}`;
      const exited = new Promise<never>((_, reject) =>
        server.once('exit', (code) => reject(new Error(`the bundled server exited (${code})`))),
      );
      for (;;) {
        const up = await Promise.race([
          fetch(`${base}/api/getSiteConfig`).then(
            (r) => r.ok,
            () => false,
          ),
          exited,
        ]);
        if (up) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    }, 60_000);

    afterAll(async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const done = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await done;
      }
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('answers the API, compressed, and the PWA shell', async () => {
      const config = await fetch(`${base}/api/getSiteConfig`);
      expect(((await config.json()) as { type: string }).type).toBe('ok');

      const quotes = await fetch(`${base}/api/currency/quotation_new`, { headers: { 'accept-encoding': 'br' } });
      expect(quotes.headers.get('content-encoding')).toBe('br');
      // fetch decodes the reply; the header says the server compressed it.
      expect(((await quotes.json()) as { type: string }).type).toBe('ok');

      const home = await fetch(`${base}/`, { redirect: 'manual' });
      expect(home.headers.get('location')).toBe('/h5/');
      const shell = await fetch(`${base}/h5/`);
      // The PWA is served when built (dist/); the API runs without it.
      expect(shell.status).toBe(existsSync(join(root, 'dist', 'index.html')) ? 200 : 404);
    });

    it('holds its database on /api/health: the advisory lock on PostgreSQL, the data folder on PGlite', async () => {
      const health = (await (await fetch(`${base}/api/health`)).json()) as { message: Record<string, unknown> };
      expect(health.message).toMatchObject({
        matching: 'owner',
        lock: database.url ? 'advisory_lock' : 'data_folder',
        database: database.url ? 'postgres' : 'pglite',
      });
    });

    it('opens a socket.io session and serves the API documentation', async () => {
      const handshake = await fetch(`${base}/socket.io/?EIO=4&transport=polling`);
      expect(handshake.status).toBe(200);
      expect(await handshake.text()).toMatch(/^0\{"sid":"/);

      const docs = await fetch(`${base}/api/docs/json`);
      const doc = (await docs.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toContain('/api/user/info');
    });

    it('signs up, answers /user/info and takes a picture', async () => {
      const form = (data: Record<string, string>) => ({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(data).toString(),
      });
      const email = `bundle-${randomBytes(4).toString('hex')}@example.com`;
      const sent = await fetch(`${base}/api/sms_mail`, form({ user_string: email, type: 'email', scene: 'register' }));
      expect(((await sent.json()) as { type: string }).type).toBe('ok');
      const mailbox = await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const [mail] = ((await mailbox.json()) as { message: { code: string }[] }).message;
      const password = 'bundle-pass-1';
      const registered = await fetch(
        `${base}/api/user/register`,
        form({ user_string: email, code: mail!.code, password, re_password: password, type: 'email' }),
      );
      const { message } = (await registered.json()) as { message: { token: string } };

      const info = await fetch(`${base}/api/user/info`, { headers: { authorization: message.token } });
      expect(((await info.json()) as { type: string }).type).toBe('ok');

      const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#28ba98' } })
        .png()
        .toBuffer();
      const body = multipartBody({ files: [{ name: 'file', filename: 'a.png', contentType: 'image/png', data: png }] });
      const uploaded = await fetch(`${base}/api/upload`, {
        method: 'POST',
        headers: { ...body.headers, authorization: message.token },
        body: body.payload,
      });
      const reply = (await uploaded.json()) as { type: string; message: string };
      expect(reply.type).toBe('ok');
      expect(reply.message).toMatch(/\.png$/);
    });
  });
}
