import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/** A Messages POST as the fake received it. */
export interface FakeMessage {
  path: string;
  /** `user:password` from the basic authorization header. */
  auth: string;
  form: Record<string, string>;
}

export interface FakeTwilio {
  received: FakeMessage[];
  /** The next answers, in order; once used up every message is accepted (201). */
  failNext(...answers: { status: number; code: number; message: string }[]): void;
  /** The official client's HTTP client, sending every request to this server instead of twilio.com. */
  httpClient: twilio.RequestClient;
  close(): Promise<void>;
}

/**
 * A local stand-in for Twilio's REST API: records `POST /2010-04-01/Accounts/:sid/Messages.json`
 * and answers like Twilio does (201 with the message resource, or an error body with a code).
 */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const received: FakeMessage[] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const authHeader = req.headers.authorization ?? '';
      const auth = Buffer.from(authHeader.replace(/^Basic /, ''), 'base64').toString();
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: req.url ?? '', auth, form });
      const failure = failures.shift();
      res.setHeader('content-type', 'application/json');
      if (failure) {
        res.statusCode = failure.status;
        res.end(JSON.stringify({ ...failure, more_info: `https://www.twilio.com/docs/errors/${failure.code}` }));
        return;
      }
      res.statusCode = 201;
      const sid = `SM${received.length.toString(16).padStart(32, '0')}`;
      res.end(JSON.stringify({ sid, status: 'queued', to: form.To, from: form.From ?? null, body: form.Body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    failNext: (...answers) => failures.push(...answers),
    httpClient: redirectingClient(base),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Twilio's own request client (axios, auth, form encoding) with only the host swapped. */
function redirectingClient(base: string): twilio.RequestClient {
  const client = new twilio.RequestClient({ autoRetry: false });
  const request = client.request.bind(client);
  client.request = (opts) => {
    const url = new URL(opts.uri);
    return request({ ...opts, uri: `${base}${url.pathname}${url.search}` });
  };
  return client;
}
