import { afterAll, afterEach, expect, it } from 'vitest';
import * as site from '@contract/site';
import { freePort } from '../testing/child-process';
import { startNginx, type Proxy } from '../testing/nginx';
import { clientFactory, listen } from '../testing/socket-client';
import { describeOnOneDatabase } from '../testing/suite';

const clients = clientFactory();
const proxies: Proxy[] = [];
afterEach(() => clients.closeAll());
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.stop()));
});

async function proxyTo(upstreams: string[]): Promise<Proxy> {
  const proxy = await startNginx(upstreams);
  proxies.push(proxy);
  return proxy;
}

describeOnOneDatabase(
  'the shipped nginx configuration in front of the server',
  ({ app }) => {
    it('passes health, the API and socket.io over WebSocket and long-polling', async () => {
      const origin = await listen(app().app);
      const proxy = await proxyTo([origin.replace('http://', '')]);
      const ready = await fetch(`${proxy.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok' } });
      const config = await fetch(`${proxy.url}/api${site.getSiteConfig.path}`);
      expect(await config.json()).toMatchObject({ type: 'ok', message: { demo: true } });
      for (const transport of ['websocket', 'polling'] as const) {
        const socket = await clients.connect(proxy.url, undefined, [transport]);
        expect(socket.io.engine.transport.name).toBe(transport);
        const ack = await socket.emitWithAck('subscribe', { symbol: 'BTC/USDT', streams: ['daymarket'] });
        expect(ack).toMatchObject({ type: 'ok' });
      }
    });

    it('keeps /metrics to the processes themselves and refuses bodies above the upload limit', async () => {
      const origin = await listen(app().app);
      const proxy = await proxyTo([origin.replace('http://', '')]);
      expect((await fetch(`${proxy.url}/metrics`)).status).toBe(404);
      // A spoofed address changes nothing: nginx answers before any process sees the request.
      expect((await fetch(`${proxy.url}/metrics`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
      expect((await fetch(`${origin}/metrics`)).status).toBe(200);
      const big = await fetch(`${proxy.url}/api/upload`, { method: 'POST', body: new Uint8Array(7 * 1024 * 1024) });
      expect(big.status).toBe(413);
    });

    it('sends requests to the live process while another listed one is down', async () => {
      const origin = await listen(app().app);
      const down = `127.0.0.1:${await freePort()}`;
      const proxy = await proxyTo([down, origin.replace('http://', '')]);
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => fetch(`${proxy.url}/health/ready`).then((r) => r.status)),
      );
      expect(replies).toEqual(Array.from({ length: 12 }, () => 200));
      const socket = await clients.connect(proxy.url, undefined, ['websocket']);
      expect(socket.connected).toBe(true);
    });
  },
  { config: { trustProxy: 1 } },
);
