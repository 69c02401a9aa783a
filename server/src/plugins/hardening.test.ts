import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@contract/define';
import { translate } from '../i18n';
import { createTestApp } from '../testing/app';
import { describeOnOneDatabase } from '../testing/suite';
import { bindEndpoint } from './contract';
import { redactedErrorSerializer } from './log-redaction';
import { PERMISSIONS_POLICY } from './security';

const CARD = '4111111111111111';

describeOnOneDatabase('hardening', ({ app, database }) => {
  it('sends pages a Permissions-Policy that allows only the camera, on our origin', async () => {
    for (const url of ['/dev/mailbox', '/api/docs/', '/h5/']) {
      const res = await app().app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=(self)');
    expect(PERMISSIONS_POLICY).toContain('geolocation=()');
    expect(PERMISSIONS_POLICY).toContain('microphone=()');
  });

  it('closes a request whose body trickles in slower than the request timeout', async () => {
    const t = await createTestApp(database(), { limits: { requestTimeoutMs: 1000 } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const started = Date.now();
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.write(
          'POST /api/user/login?lang=en HTTP/1.1\r\nHost: x\r\n' +
            'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n',
        );
        // One byte every 200 ms: never idle, never done (1000 bytes would take 200 s).
        const timer = setInterval(() => socket.writable && socket.write('a'), 200);
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => {
          clearInterval(timer);
          resolve(Buffer.concat(chunks).toString('utf8'));
        });
      });
      const elapsed = Date.now() - started;
      expect(elapsed).toBeLessThan(10_000);
      expect(raw.split(' ')[1]).toBe('408');
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
        type: 'error',
        message: translate('en', 'request_timeout'),
      });
    } finally {
      await t.close();
    }
  });

  it('logs one access line per request, with the method, path, status and time', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const t = await createTestApp(database(), { logger: { level: 'info', stream } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/getSiteConfig' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
      const access = lines
        .map((l) => JSON.parse(l) as { msg: string; reqId?: unknown; responseTime?: unknown })
        .filter((l) => l.msg === 'request completed');
      expect(access).toHaveLength(2);
      expect(access[0]).toMatchObject({
        method: 'GET',
        url: '/api/getSiteConfig',
        statusCode: 200,
        remoteAddress: '127.0.0.1',
      });
      expect(access[0]!.responseTime).toBeTypeOf('number');
      expect(access[0]!.reqId).toBeTypeOf('string');
      expect(access[1]).toMatchObject({ url: '/api/nope', statusCode: 404 });
      // Nothing else of the request: no headers, so no session token.
      expect(lines.join('')).not.toMatch(/authorization|user-agent/i);
    } finally {
      await t.close();
    }
  });

  it('logs failed queries without their parameters or the values PostgreSQL echoes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const t = await createTestApp(database(), { logger: { level: 'error', stream } });
    try {
      const failing = endpoint({
        method: 'GET',
        path: '/test/failing-query',
        auth: false,
        summary: 'fails in the database',
        tags: ['test'],
        request: z.object({}),
        response: z.string(),
      });
      bindEndpoint(t.app, failing, async (_input, { ctx }) => {
        await ctx.db.execute(sql`select ${CARD}::integer as n`);
        return 'unreachable';
      });
      const res = await t.app.inject({ method: 'GET', url: '/api/test/failing-query' });
      expect(res.statusCode).toBe(500);
      const log = lines.join('\n');
      expect(log).toContain('request failed');
      expect(log).toContain('select $1::integer');
      expect(log).not.toContain(CARD);
    } finally {
      await t.close();
    }
  });
});

it('redacts params, detail and echoed values from an error and its causes', () => {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "cards_number_key"'), {
    code: '23505',
    detail: `Key (card_number)=(${CARD}) already exists.`,
  });
  const err = Object.assign(new Error(`Failed query: insert into cards values ($1)\nparams: ${CARD},Ada\nLovelace`), {
    query: 'insert into cards values ($1)',
    params: [CARD, 'Ada\nLovelace'],
    cause,
  });
  const out = JSON.stringify(redactedErrorSerializer(err));
  expect(out).not.toContain(CARD);
  expect(out).not.toContain('Lovelace');
  expect(out).toContain('insert into cards values ($1)');
  expect(out).toContain('cards_number_key');
});
