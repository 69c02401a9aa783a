import type { Sharp, SharpOptions } from 'sharp';

let loading: Promise<typeof import('sharp')> | undefined;

/**
 * `sharp(...)`, with libvips loaded on the first picture rather than at start: loading it costs
 * the server about 25 MB of memory and a few hundred milliseconds, and most runs never touch an
 * image.
 */
export async function sharp(input: Buffer | SharpOptions, options?: SharpOptions): Promise<Sharp> {
  loading ??= import('sharp');
  const { default: make } = await loading;
  return Buffer.isBuffer(input) ? make(input, options) : make(input);
}
