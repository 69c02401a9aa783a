import { sharp } from '../lib/sharp';
import { UPLOAD_LIMITS } from '@contract/site';
import { AppError } from '../errors';

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

/** The signature and header readers load with the first upload, not at every start. */
let readers: Promise<[typeof import('file-type'), typeof import('image-size')]> | undefined;

/**
 * Judges an upload by its bytes, never by the name or type the client claims: the signature must
 * be JPEG, PNG or WebP, and the header's dimensions must stay within the pixel budget (a small
 * file can still decode to a huge bitmap).
 */
export async function inspectImage(bytes: Buffer): Promise<ImageInfo> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new AppError('upload_too_large', { field: 'file' });
  readers ??= Promise.all([import('file-type'), import('image-size')]);
  const [{ fileTypeFromBuffer }, { imageSize }] = await readers;
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

/**
 * Decodes the whole picture and encodes it again in its own format: a valid header followed by
 * anything but a picture fails here, bytes after the picture are dropped, and nothing but pixels
 * survives (EXIF with GPS position, ICC and XMP metadata of identity photos). The EXIF orientation
 * is applied to the pixels first, so phone photos stay upright without it.
 */
export async function reencodeImage(
  bytes: Buffer,
  image: ImageInfo,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const pipeline = (await sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_LIMITS.maxPixels })).rotate();
    const encoded =
      image.mime === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : image.mime === 'image/webp'
          ? pipeline.webp({ quality: 90 })
          : pipeline.jpeg({ quality: 90, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    // libvips' message names what is broken; the client only needs to hear it is not an image.
    throw Object.assign(new AppError('upload_type', { field: 'file' }), { cause: err });
  }
}
