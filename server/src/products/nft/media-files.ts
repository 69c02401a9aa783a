import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MEDIA_KINDS, renderMedia, type MediaKind } from './media';

/**
 * The catalogue's media as files, rendered once, never on a request. `media.ts` makes each
 * medium from its kind and seed (about 130 ms of CPU for a video clip); the demo catalogue's are
 * rendered when the server is built (`dist-server/nft-media`, `npm run build` and `npm start`), an
 * artwork or artist added in the console gets its own in that request (`<DATA_DIR>/nft-media`),
 * and `npm run nft:media` renders whatever an older database refers to and no file has yet. The
 * route serves these files: a medium without one is a 404.
 */

export interface MediaRef {
  kind: MediaKind;
  seed: number;
}

/** Where `npm run build` puts the demo catalogue's media (next to the server bundle). */
export const BUILT_MEDIA_DIR = fileURLToPath(new URL('../../../../dist-server/nft-media', import.meta.url));
export const mediaDirOf = (dataDir: string) => join(dataDir, 'nft-media');

const URL_FORM = /^\/api\/nft\/media\/([a-z]+)\/(\d{1,7})\.([a-z0-9]+)$/;

/** The medium a `/api/nft/media/...` address names, or null for anything else. */
export function refOf(url: string): MediaRef | null {
  const m = URL_FORM.exec(url);
  if (!m || !Object.prototype.hasOwnProperty.call(MEDIA_KINDS, m[1]!)) return null;
  const kind = m[1] as MediaKind;
  return MEDIA_KINDS[kind].ext === m[3] ? { kind, seed: Number(m[2]) } : null;
}

const fileName = ({ kind, seed }: MediaRef) => `${kind}-${seed}.${MEDIA_KINDS[kind].ext}`;

/** Kinds whose bytes are not compressed already (PNG, GIF and WebM are): WAV's PCM. */
const GZIPPED = new Set<MediaKind>(['tone']);

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

/** Writes under a temporary name and renames, so a reader (or another process) never sees half. */
async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/** Renders `refs` that none of `dirs` has yet into `dir` (one at a time: this is background work). */
export async function renderMissing(dir: string, refs: MediaRef[], dirs: string[] = [dir]): Promise<number> {
  await mkdir(dir, { recursive: true });
  let made = 0;
  for (const ref of refs) {
    const found = await Promise.all(dirs.map((d) => exists(join(d, fileName(ref)))));
    if (found.some(Boolean)) continue;
    const bytes = await renderMedia(ref.kind, ref.seed);
    if (GZIPPED.has(ref.kind)) await writeAtomically(join(dir, `${fileName(ref)}.gz`), gzipSync(bytes, { level: 9 }));
    await writeAtomically(join(dir, fileName(ref)), bytes);
    made += 1;
  }
  return made;
}

export interface MediaFile {
  bytes: Buffer;
  /** The same bytes gzipped, for the kinds that gain from it. */
  gzip: Buffer | null;
}

/**
 * Reads media files from the data directory, then the build's. What was read stays in memory
 * (the catalogue's media are a few MB in all; at most `max` files are kept).
 */
export class MediaFiles {
  private readonly cache = new Map<string, MediaFile>();
  constructor(
    readonly dirs: string[],
    private readonly max = 200,
  ) {}

  async read(ref: MediaRef): Promise<MediaFile | undefined> {
    const name = fileName(ref);
    const hit = this.cache.get(name);
    if (hit) return hit;
    for (const dir of this.dirs) {
      const bytes = await readFile(join(dir, name)).catch(() => null);
      if (!bytes) continue;
      const gzip = GZIPPED.has(ref.kind) ? await readFile(join(dir, `${name}.gz`)).catch(() => null) : null;
      const file = { bytes, gzip };
      if (this.cache.size >= this.max) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(name, file);
      return file;
    }
    return undefined;
  }
}
