// Generates the PWA icons under public/icons/ from the SVG logo below. The PNGs are committed, so
// this runs only when the logo changes: `node scripts/icons.mjs`.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const out = new URL('../public/icons/', import.meta.url);
const BG = '#14151a';
const ORANGE = '#f7a35c';
const UP = '#28ba98';
const DOWN = '#F04A5A';

/** Three candles and a rising line on the app's dark background, drawn on a 512 grid. */
const mark = `
  <g stroke-linecap="round">
    <line x1="156" y1="196" x2="156" y2="356" stroke="${DOWN}" stroke-width="10"/>
    <rect x="132" y="226" width="48" height="96" rx="8" fill="${DOWN}"/>
    <line x1="256" y1="150" x2="256" y2="330" stroke="${UP}" stroke-width="10"/>
    <rect x="232" y="180" width="48" height="116" rx="8" fill="${UP}"/>
    <line x1="356" y1="120" x2="356" y2="290" stroke="${UP}" stroke-width="10"/>
    <rect x="332" y="146" width="48" height="110" rx="8" fill="${UP}"/>
    <polyline points="112,392 200,340 300,362 400,270" fill="none" stroke="${ORANGE}"
      stroke-width="22" stroke-linejoin="round"/>
  </g>`;

/** `any` purpose: rounded tile, the mark fills most of it. */
const logo = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${BG}"/>${mark}</svg>`;

/** `maskable`: full-bleed background, mark scaled into the 80% safe zone the launcher keeps. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${BG}"/>
  <g transform="translate(256 256) scale(0.72) translate(-256 -256)">${mark}</g></svg>`;

/** Shortcut glyphs: simple strokes on the tile, readable at 96 px. */
const glyphs = {
  market: `<polyline points="120,360 210,250 290,310 392,170" fill="none" stroke="${ORANGE}"
    stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>`,
  trade: `<g fill="none" stroke="${ORANGE}" stroke-width="34" stroke-linecap="round"
    stroke-linejoin="round"><polyline points="140,200 372,200 312,140"/>
    <polyline points="372,312 140,312 200,372"/></g>`,
  assets: `<g fill="none" stroke="${ORANGE}" stroke-width="30" stroke-linejoin="round">
    <rect x="116" y="168" width="280" height="200" rx="28"/>
    <path d="M316 248h80v64h-80a32 32 0 0 1 0-64z"/></g>`,
};
const shortcut = (glyph) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="${BG}"/>${glyph}</svg>`;

const png = (svg, size) => sharp(Buffer.from(svg), { density: 300 }).resize(size, size).png().toBuffer();

await mkdir(out, { recursive: true });
const files = {
  'icon.svg': Buffer.from(logo),
  'icon-192.png': await png(logo, 192),
  'icon-512.png': await png(logo, 512),
  'icon-maskable-512.png': await png(maskable, 512),
  'apple-touch-icon-180.png': await png(maskable, 180),
  'shortcut-market-96.png': await png(shortcut(glyphs.market), 96),
  'shortcut-trade-96.png': await png(shortcut(glyphs.trade), 96),
  'shortcut-assets-96.png': await png(shortcut(glyphs.assets), 96),
};
for (const [name, data] of Object.entries(files)) {
  await writeFile(new URL(name, out), data);
  console.log(`public/icons/${name} ${data.length} bytes`);
}
