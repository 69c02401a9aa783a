import type { FastifyInstance } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { AppError } from '../../errors';
import { MEDIA_KINDS, type MediaKind } from './media';
import { refOf, type MediaFiles } from './media-files';

/** A URL names fixed bytes (media are pure functions of kind and seed): cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /api/nft/media/:kind/:file` serves the catalogue's media files (`media-files.ts`), with an
 * ETag and immutable caching headers; a range request gets its part (audio and video seek), WAV
 * goes gzipped to a client that takes it. Nothing is rendered here: a medium without a file is a
 * 404, so an anonymous request costs a file read at most.
 */
export function mediaRoute(app: FastifyInstance, files: MediaFiles): void {
  app.get<{ Params: { kind: string; file: string } }>(
    '/api/nft/media/:kind/:file',
    // PNG, GIF and WebM are compressed already; WAV is sent pre-compressed below.
    { compress: false },
    async (req, reply) => {
      const ref = refOf(`/api/nft/media/${req.params.kind}/${req.params.file}`);
      const file = ref && (await files.read(ref));
      if (!ref || !file) throw new AppError('not_found', { status: 404 });
      const { bytes } = file;
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
      const ranged = range !== null && Boolean(range[1] || range[2]);
      const accepted = req.headers['accept-encoding'];
      const gzip =
        file.gzip !== null &&
        !ranged &&
        typeof accepted === 'string' &&
        negotiate(accepted, ['gzip', 'identity']) === 'gzip';
      // Each encoding is its own representation, with its own tag.
      const etag = `"${ref.kind}-${ref.seed}-${bytes.length}${gzip ? '-gz' : ''}"`;
      reply.header('Cache-Control', IMMUTABLE).header('ETag', etag).header('Accept-Ranges', 'bytes');
      reply.type(MEDIA_KINDS[ref.kind as MediaKind].type);
      if (file.gzip) reply.header('Vary', 'Accept-Encoding');
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      if (range && ranged) {
        const start = range[1] ? Number(range[1]) : Math.max(0, bytes.length - Number(range[2]));
        const end = range[1] && range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
        if (start > end || start >= bytes.length) {
          return reply.code(416).header('Content-Range', `bytes */${bytes.length}`).send();
        }
        reply.code(206).header('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
        return reply.send(bytes.subarray(start, end + 1));
      }
      if (gzip) return reply.header('Content-Encoding', 'gzip').send(file.gzip);
      return reply.send(bytes);
    },
  );
}
