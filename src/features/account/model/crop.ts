import { AVATAR_SIZE } from '@contract/profile';

/** The part of the picture the user framed, in the picture's own pixels (react-easy-crop's `croppedAreaPixels`). */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where to draw from and to: the framed square, clamped to the picture (zooming out leaves no border). */
export function cropSource(area: CropArea, image: { width: number; height: number }): CropArea {
  const side = Math.max(1, Math.min(area.width, area.height, image.width, image.height));
  const x = Math.min(Math.max(0, area.x), image.width - side);
  const y = Math.min(Math.max(0, area.y), image.height - side);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(side), height: Math.round(side) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('the picture could not be read'));
    img.src = src;
  });
}

/**
 * Draws the framed square of the picture at AVATAR_SIZE pixels and encodes it as JPEG: only this
 * small square is uploaded, never the original photo (nor its location data).
 */
export async function cropToBlob(src: string, area: CropArea, size = AVATAR_SIZE): Promise<Blob> {
  const img = await loadImage(src);
  const from = cropSource(area, { width: img.naturalWidth, height: img.naturalHeight });
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d canvas');
  g.imageSmoothingQuality = 'high';
  g.drawImage(img, from.x, from.y, from.width, from.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture could not be encoded'))), 'image/jpeg', 0.9),
  );
}
