import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type Multipart } from '@fastify/multipart';
import * as contract from '@contract/site';
import { AppError } from '../errors';
import { toLocale } from '../i18n';
import { authenticate } from '../plugins/auth';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { readOwnUpload, storeUpload } from './service';

const MULTIPART_ERRORS: Record<string, AppError> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError('upload_missing', { field: 'file' }),
  FST_REQ_FILE_TOO_LARGE: new AppError('upload_too_large', { field: 'file' }),
  FST_FILES_LIMIT: new AppError('field_invalid', { field: 'file' }),
  FST_PARTS_LIMIT: new AppError('parameter_error'),
  FST_FIELDS_LIMIT: new AppError('parameter_error'),
  FST_PROTO_VIOLATION: new AppError('parameter_error'),
};

/** Reads the one file of field `file` (and `lang`, which may travel as a form field). */
async function readSingleFile(req: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  try {
    for await (const part of req.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'field') {
        if (part.fieldname === 'lang') req.lang = toLocale(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file' || file) throw new AppError('field_invalid', { field: 'file' });
      file = bytes;
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw (typeof code === 'string' && MULTIPART_ERRORS[code]) || err;
  }
  if (!file || file.length === 0) throw new AppError('upload_missing', { field: 'file' });
  return file;
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  // Registered here, inside this plugin's own scope, so only the upload route parses multipart
  // bodies: the plugin adds an onRequest and an onResponse hook (a close listener and a temp-file
  // sweep) to every route of the scope it is registered in, and no other route takes files.
  await app.register(multipart, {
    limits: { fileSize: contract.UPLOAD_LIMITS.maxBytes, files: 1, fields: 10, parts: 12, fieldSize: 1024 },
  });
  bindEndpoint(
    app,
    contract.upload,
    async (_input, h) => storeUpload(h.ctx, signedIn(h).user.id, await readSingleFile(h.req)),
    { multipart: true },
  );

  // Uploads are private (identity pictures, vouchers): served to their owner only, with the same
  // token as the API; the client fetches them and shows a blob URL.
  app.get<{ Params: { name: string } }>('/api/upload/:name', { schema: { hide: true } }, async (req, reply) => {
    const auth = await authenticate(req, app.ctx);
    const file = await readOwnUpload(app.ctx, req.params.name, auth.user.id);
    if (!file) throw new AppError('not_found', { status: 404 });
    return (
      reply
        .type(file.mime)
        // Identity pictures and vouchers: never kept in a browser or shared cache.
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline')
        .send(file.bytes)
    );
  });
}
