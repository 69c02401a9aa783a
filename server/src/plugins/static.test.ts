import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as site from '@contract/site';
import { createTestApp } from '../testing/app';
import { describeOnOneDatabase } from '../testing/suite';

let dist: string;
/** An inline script of index.html, allowed by its hash from the build's csp-hashes.json. */
const INLINE_SCRIPT = "document.title='H5'";
const inlineHash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'h5-dist-test-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), `<!doctype html><title>H5</title><script>${INLINE_SCRIPT}</script>`);
  await writeFile(join(dist, 'csp-hashes.json'), JSON.stringify({ script: [inlineHash, "'unsafe-inline'"] }));
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  await writeFile(join(dist, 'manifest.webmanifest'), '{"name":"H5"}');
  await writeFile(join(dist, 'registerSW.js'), '/* register */');
  await writeFile(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  await writeFile(join(dist, 'assets', 'icon-AbC123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describeOnOneDatabase(
  'static PWA',
  ({ app, database }) => {
    it('serves the shell under /h5/ and revalidates unhashed files', async () => {
      const t = app();
      const index = await t.app.inject({ method: 'GET', url: '/h5/' });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<title>H5</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      const scriptSrc = String(index.headers['content-security-policy'])
        .split(';')
        .find((d) => d.startsWith('script-src'));
      // Only hashes are taken from the build's list.
      expect(scriptSrc).toBe(`script-src 'self' ${inlineHash}`);
      for (const file of ['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']) {
        const res = await t.app.inject({ method: 'GET', url: `/h5/${file}` });
        expect(res.statusCode, file).toBe(200);
        expect(res.headers['cache-control'], file).toBe('no-cache');
      }
    });

    it('caches hashed assets for a year, immutable', async () => {
      const res = await app().app.inject({ method: 'GET', url: '/h5/assets/index-AbC123.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-type']).toContain('javascript');
    });

    it('sends a script only the security headers that act on a subresource; documents and SVGs get the page set', async () => {
      const t = app();
      const script = await t.app.inject({ method: 'GET', url: '/h5/assets/index-AbC123.js?v=1' });
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(script.headers['strict-transport-security']).toContain('max-age=');
      for (const pageOnly of [
        'content-security-policy',
        'permissions-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ]) {
        expect(script.headers[pageOnly], pageOnly).toBeUndefined();
      }
      // What a worker or a document runs under keeps its policy, and so does an SVG (it can be opened as a page).
      for (const url of ['/h5/', '/h5/sw.js', '/h5/assets/icon-AbC123.svg', '/h5/assets/../index.html']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
        expect(res.headers['permissions-policy'], url).toBeDefined();
      }
    });

    it('redirects / and /h5 to /h5/', async () => {
      for (const url of ['/', '/h5']) {
        const res = await app().app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(302);
        expect(res.headers.location).toBe('/h5/');
      }
    });

    it('answers missing files with 404 and cannot leave the build directory', async () => {
      const t = app();
      expect((await t.app.inject({ method: 'GET', url: '/h5/assets/missing.js' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/h5/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    });

    it('never rate-limits the app shell, only the API', async () => {
      const t = await createTestApp(database(), { distDir: dist, limits: { globalPerMinute: 3 } });
      try {
        for (let i = 0; i < 10; i += 1) {
          const res = await t.app.inject({ method: 'GET', url: '/h5/assets/index-AbC123.js' });
          expect(res.statusCode, `shell request ${i}`).toBe(200);
        }
        const statuses = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await t.call(site.getSiteConfig)).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
      } finally {
        await t.close();
      }
    });

    it('runs the API without a build', async () => {
      const t = await createTestApp(database(), { distDir: join(dist, 'does-not-exist') });
      try {
        expect((await t.call(site.getSiteConfig)).body.type).toBe('ok');
        expect((await t.app.inject({ method: 'GET', url: '/h5/' })).statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(302);
      } finally {
        await t.close();
      }
    });
  },
  () => ({ distDir: dist }),
);
