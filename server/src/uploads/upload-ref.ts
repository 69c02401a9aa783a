import type { AppContext } from '../context';
import { AppError } from '../errors';
import { findOwnUpload } from './repo';
import { UPLOAD_NAME, UPLOAD_URL_PREFIX } from './service';

/**
 * Checks that `ref` (as `/upload` returned it, or its bare file name) is an image the user
 * uploaded; someone else's upload answers like a missing one. Returns the canonical reference.
 */
export async function ownUpload(
  ctx: AppContext,
  userId: number,
  ref: string,
  field: string,
  missingKey = 'upload_not_found',
): Promise<string> {
  const name = ref.trim().split('/').pop() ?? '';
  if (!UPLOAD_NAME.test(name) || !(await findOwnUpload(ctx.db, name, userId))) {
    throw new AppError(missingKey, { field });
  }
  return UPLOAD_URL_PREFIX + name;
}
