import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { UPLOAD_LIMITS } from '@contract/site';
import { AppError } from '../../errors';

export interface ImageInfo {
  mime: (typeof UPLOAD_LIMITS.mimeTypes)[number];
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

const EXT: Record<ImageInfo['mime'], ImageInfo['ext']> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const isAllowedMime = (mime: string): mime is ImageInfo['mime'] =>
  (UPLOAD_LIMITS.mimeTypes as readonly string[]).includes(mime);

/**
 * Judges an upload by its bytes, never by the name or type the client claims: the signature must
 * be JPEG, PNG or WebP, and the header's dimensions must stay within the pixel budget (a small
 * file can still decode to a huge bitmap).
 */
export async function inspectImage(bytes: Buffer): Promise<ImageInfo> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new AppError('upload_too_large', { field: 'file' });
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !isAllowedMime(type.mime)) throw new AppError('upload_type', { field: 'file' });
  let width: number;
  let height: number;
  try {
    ({ width, height } = imageSize(bytes));
  } catch {
    throw new AppError('upload_type', { field: 'file' });
  }
  if (!(width > 0 && height > 0)) throw new AppError('upload_type', { field: 'file' });
  if (width * height > UPLOAD_LIMITS.maxPixels) {
    throw new AppError('upload_too_many_pixels', { field: 'file' });
  }
  return { mime: type.mime, ext: EXT[type.mime], width, height };
}
