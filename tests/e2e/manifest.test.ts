import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';

const publicDir = new URL('../../public/', import.meta.url);

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  id: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: Icon[];
  shortcuts: Array<{ name: string; url: string; icons: Icon[] }>;
}

const manifest = JSON.parse(await readFile(new URL('manifest.webmanifest', publicDir), 'utf8')) as Manifest;

/** An icon's file under public/, from its URL under /h5/. */
const iconFile = (src: string) => new URL(src.replace(/^\/h5\//, ''), publicDir);

describe('web app manifest', () => {
  test('identifies the app under /h5/ as a standalone, dark finance app', () => {
    expect(manifest).toMatchObject({
      id: '/h5/',
      start_url: '/h5/',
      scope: '/h5/',
      display: 'standalone',
      theme_color: '#14151a',
      background_color: '#14151a',
      categories: ['finance'],
    });
  });

  test('has 192 and 512 px icons and a maskable 512, each matching its declared size', async () => {
    const png = manifest.icons.filter((i) => i.type === 'image/png');
    expect(png.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of png) {
      const { width, height, format } = await sharp(await readFile(iconFile(icon.src))).metadata();
      expect(`${width}x${height} ${format}`).toBe(`${icon.sizes} png`);
    }
  });

  test('has shortcuts to Market, Trade and Assets with 96 px icons', async () => {
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Market', '/h5/#/pages/market/market'],
      ['Trade', '/h5/#/pages/transaction/index'],
      ['Assets', '/h5/#/pages/fund/assets'],
    ]);
    for (const shortcut of manifest.shortcuts) {
      const [icon] = shortcut.icons;
      expect(icon?.sizes).toBe('96x96');
      const { width, height } = await sharp(await readFile(iconFile(icon!.src))).metadata();
      expect([width, height]).toEqual([96, 96]);
    }
  });
});
