import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify as verifySignature } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/**
 * A local HTTPS push service for tests and benchmarks (also usable from the browser tests): it
 * accepts Web Push requests at `/push/<id>`, checks the VAPID token (ES256 signature, audience,
 * expiry, subject) and the TTL, Urgency and Topic headers, decrypts the aes128gcm payload with
 * the subscription's private key (as a browser would), and records what arrived. A responder
 * decides the status per request (201 by default), so tests can answer 410, 429 or 503.
 */

const require = createRequire(import.meta.url);
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: Buffer }): Buffer;
};

/** A browser-side subscription the fake service can decrypt for. */
export interface FakeSubscription {
  id: string;
  endpoint: string;
  /** What `PushSubscription.toJSON().keys` gives (base64url). */
  keys: { p256dh: string; auth: string };
}

/** One request as received and checked. */
export interface ReceivedPush {
  subscriptionId: string;
  status: number;
  ttl: number | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  /** The VAPID token verified: signature by `vapidKey`, audience this origin, not expired. */
  vapidValid: boolean;
  vapidKey: string | undefined;
  claims: { aud?: string; exp?: number; sub?: string } | undefined;
  /** The decrypted payload (undefined if it could not be decrypted). */
  payload: unknown;
  bytes: number;
  at: number;
}

export type Responder = (
  req: Omit<ReceivedPush, 'status'>,
) => number | { status: number; headers?: Record<string, string> };

export interface FakePushService {
  origin: string;
  /** The service's certificate: trust it with `agent` (or `ca`) when posting to it. */
  ca: string;
  agent: Agent;
  received: ReceivedPush[];
  /** A new subscription on this service, with keys like a browser's. */
  subscribe(): FakeSubscription;
  /** Answers with `responder`'s status from now on (default: 201 to all). */
  respond(responder: Responder | undefined): void;
  /** Resolves once `count` requests matching `filter` arrived (generous default timeout). */
  waitFor(count: number, filter?: (r: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 and localhost (openssl, P-256, valid 2 days). */
function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** Verifies `vapid t=<jwt>, k=<key>` (RFC 8292) for `origin`. */
function checkVapid(header: string | undefined, origin: string, nowSec: number) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) return { valid: false, key: undefined, claims: undefined };
  const [token, key] = [m[1]!, m[2]!];
  const [h, p, s] = token.split('.');
  try {
    const raw = b64(key);
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    };
    const publicKey = createPublicKey({ key: jwk, format: 'jwk' });
    const head = JSON.parse(b64(h!).toString()) as { alg?: string };
    const claims = JSON.parse(b64(p!).toString()) as { aud?: string; exp?: number; sub?: string };
    const signed = verifySignature(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      b64(s!),
    );
    const valid =
      signed &&
      head.alg === 'ES256' &&
      claims.aud === origin &&
      typeof claims.exp === 'number' &&
      claims.exp > nowSec &&
      claims.exp <= nowSec + 24 * 3600 &&
      typeof claims.sub === 'string' &&
      /^(mailto:|https:)/.test(claims.sub);
    return { valid, key, claims };
  } catch {
    return { valid: false, key, claims: undefined };
  }
}

export async function startFakePushService(options: { responder?: Responder } = {}): Promise<FakePushService> {
  const { key, cert } = selfSigned();
  const subscriptions = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  let responder = options.responder;
  let origin = '';

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The benchmark's baseline: a bare HTTPS POST answered at once, nothing checked or kept.
      if (req.url === '/sink') {
        res.writeHead(201).end();
        return;
      }
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1];
      const sub = id ? subscriptions.get(id) : undefined;
      if (req.method !== 'POST' || !id) {
        res.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const vapid = checkVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
      let payload: unknown;
      if (sub && req.headers['content-encoding'] === 'aes128gcm') {
        try {
          const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth });
          payload = JSON.parse(plain.toString('utf8'));
        } catch {
          payload = undefined;
        }
      }
      const ttlHeader = req.headers.ttl;
      const record: Omit<ReceivedPush, 'status'> = {
        subscriptionId: id,
        ttl: typeof ttlHeader === 'string' && /^\d+$/.test(ttlHeader) ? Number(ttlHeader) : undefined,
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
        contentEncoding: req.headers['content-encoding'],
        vapidValid: vapid.valid,
        vapidKey: vapid.key,
        claims: vapid.claims,
        payload,
        bytes: body.length,
        at: Date.now(),
      };
      // An unknown subscription is gone (410), a request the service cannot accept is refused.
      let answer: number | { status: number; headers?: Record<string, string> } = !sub
        ? 410
        : !vapid.valid || record.ttl === undefined
          ? 403
          : payload === undefined && body.length > 0
            ? 400
            : 201;
      if (answer === 201 && responder) answer = responder(record);
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: undefined } : answer;
      received.push({ ...record, status });
      res.writeHead(status, headers).end();
      for (const w of [...waiters]) w();
    });
  });
  // Idle keep-alive sockets stay open (Node closes them after 5 s by default): a client reusing one
  // just as the server closes it gets ECONNRESET, which a test of retries would take for an answer.
  server.keepAliveTimeout = 600_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: true, maxSockets: 64 });

  return {
    origin,
    ca: cert,
    agent,
    received,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('base64url');
      subscriptions.set(id, { ecdh, auth });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    respond(r) {
      responder = r;
    },
    waitFor(count, filter = () => true, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hits = received.filter(filter);
          if (hits.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hits);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake push service: ${received.filter(filter).length} of ${count} arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
