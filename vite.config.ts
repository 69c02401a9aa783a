import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { firstRoutePrecache } from './scripts/precache.ts';
import { firstRoutePreload } from './scripts/first-route-preload';
import { compactIcons } from './scripts/compact-icons.ts';
import { bootWelcome } from './scripts/boot-welcome.ts';
import { BOOT_PRELOAD_SCRIPT, bootPreload } from './scripts/boot-preload.ts';
import { BOOT_LAST_SCREEN_SCRIPT, bootLastScreen } from './scripts/boot-last-screen.ts';
import { firstRouteChunks } from './scripts/first-route-chunks.ts';
import { constants as zlibConstants } from 'node:zlib';

export const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
};

// Lingui macros must be compiled by Babel before the React transform sees the JSX.
export const reactWithLingui = () => [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()];

const precache = firstRoutePrecache();

export default defineConfig({
  base: '/h5/',
  resolve: { alias: aliases },
  plugins: [
    ...reactWithLingui(),
    compactIcons(),
    precache.plugin,
    firstRoutePreload(),
    bootWelcome([BOOT_PRELOAD_SCRIPT, BOOT_LAST_SCREEN_SCRIPT]),
    bootPreload(),
    bootLastScreen(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      base: '/h5/',
      scope: '/h5/',
      // UpdatePrompt asks before reloading; the page registers the worker itself (production only).
      registerType: 'prompt',
      injectRegister: false,
      // The manifest is a static file (public/manifest.webmanifest), linked from index.html.
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,woff2}'],
        // The server's brotli and gzip copies are for the network, not the cache.
        globIgnores: ['**/*.br', '**/*.gz'],
        // The shell and the first route only; other chunks are cached when first used.
        manifestTransforms: [precache.manifestTransform],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside each text asset; the server picks one by Accept-Encoding
    // (@fastify/static preCompressed), so nothing is compressed per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: firstRouteChunks() } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/dev': 'http://127.0.0.1:8080' },
  },
});
