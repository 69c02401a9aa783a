import { createHash } from 'node:crypto';
import * as gifencModule from 'gifenc';
import { sharp } from '../../lib/sharp';
import { muxWebm, vp8FrameOf } from './webm';

// gifenc ships CommonJS: Node puts its functions on the default export, bundlers may not.
type Gifenc = typeof gifencModule.default;
const gifencNs = gifencModule as unknown as Partial<Gifenc> & { default: Gifenc };
const gifenc: Gifenc = typeof gifencNs.GIFEncoder === 'function' ? (gifencNs as Gifenc) : gifencNs.default;
const { applyPalette, GIFEncoder, quantize } = gifenc;

/**
 * The demo catalogue's media, made by code (no file is fetched from anywhere): PNG art rendered
 * by `sharp` from generated SVG, animated GIFs encoded with `gifenc`, WAV audio synthesized here,
 * and WebM video of VP8 key frames (WebP frames from `sharp`, muxed by `webm.ts`). Each is a pure
 * function of its kind and seed, so a URL always names the same bytes and can be cached forever.
 */
export const MEDIA_KINDS = {
  art: { ext: 'png', type: 'image/png' },
  box: { ext: 'png', type: 'image/png' },
  avatar: { ext: 'png', type: 'image/png' },
  anim: { ext: 'gif', type: 'image/gif' },
  tone: { ext: 'wav', type: 'audio/wav' },
  clip: { ext: 'webm', type: 'video/webm' },
} as const;
export type MediaKind = keyof typeof MEDIA_KINDS;

export const mediaPath = (kind: MediaKind, seed: number): string =>
  `/api/nft/media/${kind}/${seed}.${MEDIA_KINDS[kind].ext}`;

/** A small deterministic generator (mulberry32) seeded from the kind and seed. */
function rng(kind: string, seed: number) {
  let a = createHash('sha256').update(`${kind}:${seed}`).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hue = (r: () => number) => Math.floor(r() * 360);

function artSvg(kind: string, seed: number, size: number, frame = 0): string {
  const r = rng(kind, seed);
  const h = hue(r);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const x = Math.round(r() * size);
    const y = Math.round(r() * size);
    const rad = Math.round(size * (0.08 + r() * 0.25));
    const dx = Math.round(Math.sin((frame + i) / 3) * size * 0.05);
    shapes.push(
      `<circle cx="${x + dx}" cy="${y}" r="${rad}" fill="hsl(${(h + i * 37) % 360},70%,${45 + i * 4}%)" fill-opacity="0.75"/>`,
    );
  }
  const label =
    kind === 'box'
      ? `<text x="50%" y="56%" font-size="${size / 3}" text-anchor="middle" fill="#fff" font-family="sans-serif">?</text>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h},60%,18%)"/><stop offset="1" stop-color="hsl(${(h + 120) % 360},60%,30%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${kind === 'box' ? '' : shapes.join('')}${label}</svg>`;
}

const png = async (kind: MediaKind, seed: number, size: number) =>
  (await sharp(Buffer.from(artSvg(kind, seed, size)))).png({ compressionLevel: 9 }).toBuffer();

function gif(seed: number): Buffer {
  const size = 96;
  const r = rng('anim', seed);
  const h = hue(r) / 360;
  const enc = GIFEncoder();
  const frames = 12;
  for (let f = 0; f < frames; f++) {
    const rgba = new Uint8Array(size * size * 4);
    const cx = size / 2 + Math.cos((f / frames) * 2 * Math.PI) * size * 0.25;
    const cy = size / 2 + Math.sin((f / frames) * 2 * Math.PI) * size * 0.25;
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const i = (y * size + x) * 4;
        const inside = (x - cx) ** 2 + (y - cy) ** 2 < (size * 0.15) ** 2;
        const v = (x + y) / (2 * size);
        rgba[i] = inside ? 255 : Math.round(40 + 120 * h * v);
        rgba[i + 1] = inside ? Math.round(200 * h) : Math.round(30 + 80 * v);
        rgba[i + 2] = inside ? 80 : Math.round(90 + 120 * (1 - h) * v);
        rgba[i + 3] = 255;
      }
    }
    const palette = quantize(rgba, 64);
    enc.writeFrame(applyPalette(rgba, palette), size, size, { palette, delay: 80 });
  }
  enc.finish();
  return Buffer.from(enc.bytes());
}

/** Two seconds of a seeded three-note arpeggio: 16-bit mono PCM at 22,050 Hz. */
function wav(seed: number): Buffer {
  const rate = 22_050;
  const seconds = 2;
  const n = rate * seconds;
  const r = rng('tone', seed);
  const base = 220 * 2 ** (Math.floor(r() * 12) / 12);
  const notes = [base, base * 1.25, base * 1.5];
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const note = notes[Math.floor(t * 3) % 3]!;
    const envelope = Math.min(1, (t % (1 / 3)) * 30) * Math.exp(-3 * (t % (1 / 3)));
    data.writeInt16LE(Math.round(Math.sin(2 * Math.PI * note * t) * envelope * 12_000), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

async function webm(seed: number): Promise<Buffer> {
  const size = 160;
  const count = 24;
  const frames = await Promise.all(
    Array.from({ length: count }, async (_, f) =>
      vp8FrameOf(
        await (
          await sharp(Buffer.from(artSvg('clip', seed, size, f)))
        )
          .flatten({ background: '#000' })
          .webp({ quality: 60, alphaQuality: 100 })
          .toBuffer(),
      ),
    ),
  );
  return muxWebm(frames, size, size, 125);
}

/** The bytes of one medium. */
export async function renderMedia(kind: MediaKind, seed: number): Promise<Buffer> {
  switch (kind) {
    case 'art':
      return png(kind, seed, 480);
    case 'box':
      return png(kind, seed, 480);
    case 'avatar':
      return png(kind, seed, 160);
    case 'anim':
      return gif(seed);
    case 'tone':
      return wav(seed);
    case 'clip':
      return webm(seed);
  }
}
