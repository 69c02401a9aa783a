import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './serve';

describe('startTestServer', () => {
  it('serves the API and the PWA over HTTP and cleans up on close', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'h5-dist-serve-'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>served</title>');
    const server = await startTestServer({ distDir: dist });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const config = await (await fetch(`${server.url}/api/getSiteConfig`)).json();
      expect(config).toMatchObject({ type: 'ok', message: { demo: true } });
      const page = await fetch(`${server.url}/h5/`);
      expect(await page.text()).toContain('<title>served</title>');
      const mailbox = await fetch(`${server.url}/api/dev/mailbox?to=a%40example.com`);
      expect(await mailbox.json()).toEqual({ type: 'ok', message: [] });
    } finally {
      await server.close();
      await rm(dist, { recursive: true, force: true });
    }
    expect(existsSync(server.dataDir)).toBe(false);
  });

  it('runs in production mode without the mailbox', async () => {
    const server = await startTestServer({ mode: 'production' });
    try {
      expect((await fetch(`${server.url}/api/dev/mailbox?to=a%40example.com`)).status).toBe(404);
      const sent = await fetch(`${server.url}/api/sms_mail`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user_string=someone%40example.com&lang=en',
      });
      expect(await sent.json()).toEqual({ type: 'ok', message: { expires_in: 600, resend_in: 60 } });
    } finally {
      await server.close();
    }
  });
});
