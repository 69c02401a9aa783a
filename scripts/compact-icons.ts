import type { Plugin } from 'vite';

/** Decimals kept in icon path data: 0.1 of a 48-unit view box (0.05 px on a 22 px icon) is far below a pixel at any icon size. */
const DECIMALS = 1;

/**
 * antd-mobile-icons ships its SVG paths with eight decimals and a Sketch layer id on every
 * element, about half of each icon's bytes; home shows about twenty icons on its first screen.
 * Like an SVG optimizer, this rounds the path coordinates and drops the ids (nothing refers to
 * them), so the icons cost the first route about half as much and look the same.
 */
export function compactIcons(): Plugin {
  return {
    name: 'h5:compact-icons',
    transform(code, id) {
      if (!/[/\\]antd-mobile-icons[/\\]es[/\\][A-Za-z]+\.js$/.test(id)) return null;
      const compacted = code
        .replace(/\bd: "([^"]*)"/g, (_match, path: string) => `d: "${roundPath(path)}"`)
        .replace(/\s*id: "[^"]*",?/g, '');
      return { code: compacted, map: null };
    },
  };
}

/** Rounds every decimal in SVG path data; a number written right after another keeps a separator. */
export function roundPath(path: string): string {
  return path.replace(/-?\d*\.\d+/g, (n: string, at: number) => {
    const rounded = String(Number(Number(n).toFixed(DECIMALS)));
    return at > 0 && /[\d.]/.test(path[at - 1]!) ? ` ${rounded}` : rounded;
  });
}
