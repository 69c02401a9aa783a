import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { COMPRESS_THRESHOLD_BYTES } from './security';

/**
 * Replies that are the same for every caller until their source changes (the market board is
 * recomputed once per tick, not per request): `shared(value)` marks the object a handler returns,
 * and bindEndpoint then serializes, checks and compresses it once for all the requests of that
 * tick, instead of once per request. The object must not change after it is marked.
 */
const marked = new WeakSet<object>();

export function shared<T extends object>(value: T): T {
  marked.add(value);
  return value;
}

export const isShared = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && marked.has(value);

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

interface Body {
  json: string;
  bytes: number;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** Once per tick, not per request, so brotli can spend more than @fastify/compress's dynamic 4. */
const BROTLI_QUALITY = 9;

const compressors: Record<Encoding, (json: string) => Buffer> = {
  br: (json) =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
      },
    }),
  gzip: (json) => gzipSync(json),
};

/** The serialized (and compressed) envelopes of shared messages, per endpoint. */
export function sharedReplies(envelope: z.ZodType) {
  const bodies = new WeakMap<object, Body>();

  function bodyOf(message: object): Body {
    let body = bodies.get(message);
    if (!body) {
      const reply = { type: 'ok' as const, message };
      // Checked once per shared value in every mode: the schema check costs nothing at this rate.
      envelope.parse(reply);
      const json = JSON.stringify(reply);
      body = { json, bytes: Buffer.byteLength(json), encoded: {} };
      bodies.set(message, body);
    }
    return body;
  }

  /** Sends `message`'s envelope in the encoding the client accepts, compressed at most once. */
  return function send(req: FastifyRequest, reply: FastifyReply, message: object): FastifyReply {
    const body = bodyOf(message);
    reply.type('application/json; charset=utf-8');
    if (body.bytes < COMPRESS_THRESHOLD_BYTES) return reply.send(body.json);
    reply.header('Vary', 'accept-encoding');
    const accepted = req.headers['accept-encoding'];
    const encoding = accepted ? negotiate<Encoding>(accepted.toLowerCase(), ENCODINGS) : undefined;
    if (!encoding) return reply.send(body.json);
    const bytes = (body.encoded[encoding] ??= compressors[encoding](body.json));
    // Set here, @fastify/compress leaves the reply alone.
    reply.header('Content-Encoding', encoding);
    return reply.send(bytes);
  };
}
