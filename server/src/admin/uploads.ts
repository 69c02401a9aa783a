import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { authorize } from '../plugins/contract';
import { UPLOAD_NAME, uploadsDir } from '../uploads/service';
import { uploadByName } from './repo';

/**
 * Reviewers must see vouchers and identity pictures, which `/api/upload/:name` serves to their
 * owner only. Staff (support and admin) read any upload here; no caching, since these are personal documents.
 */
export async function adminUploadRoute(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/api/admin/upload/:name', { schema: { hide: true } }, async (req, reply) => {
    await authorize(req, app.ctx, 'staff');
    const { name } = req.params;
    const row = UPLOAD_NAME.test(name) ? await uploadByName(app.ctx.db, name) : undefined;
    if (!row) throw new AppError('not_found', { status: 404 });
    const bytes = await readFile(join(uploadsDir(app.ctx), name));
    return reply.type(row.mime).header('Cache-Control', 'no-store').header('Content-Disposition', 'inline').send(bytes);
  });
}
