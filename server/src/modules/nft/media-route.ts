import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { MEDIA_KINDS, MediaCache, type MediaKind } from '../../nft/media';

/** Seeds are small numbers; anything else is not a medium of ours. */
const MAX_SEED = 100_000;
/** A URL names fixed bytes (media are pure functions of kind and seed): cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /api/nft/media/:kind/:file` serves the generated media of the catalogue (media.ts), with
 * an ETag and immutable caching headers; a range request gets its part (audio and video seek).
 */
export function mediaRoute(app: FastifyInstance): void {
  const cache = new MediaCache();
  app.get<{ Params: { kind: string; file: string } }>('/api/nft/media/:kind/:file', async (req, reply) => {
    const kind = req.params.kind as MediaKind;
    const spec = Object.prototype.hasOwnProperty.call(MEDIA_KINDS, kind) ? MEDIA_KINDS[kind] : null;
    const match = /^(\d{1,6})\.([a-z]+)$/.exec(req.params.file);
    const seed = match ? Number(match[1]) : NaN;
    if (!spec || !match || match[2] !== spec.ext || !(seed <= MAX_SEED)) {
      throw new AppError('not_found', { status: 404 });
    }
    const body = await cache.get(kind, seed);
    const etag = `"${kind}-${seed}-${body.length}"`;
    reply.header('Cache-Control', IMMUTABLE).header('ETag', etag).header('Accept-Ranges', 'bytes');
    reply.type(spec.type);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      if (start > end || start >= body.length) {
        return reply.code(416).header('Content-Range', `bytes */${body.length}`).send();
      }
      reply.code(206).header('Content-Range', `bytes ${start}-${end}/${body.length}`);
      return reply.send(body.subarray(start, end + 1));
    }
    return reply.send(body);
  });
}
