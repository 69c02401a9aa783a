import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Vite puts content-hashed files under assets/; their URL changes whenever they do. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, sw.js, the manifest and other fixed names must be revalidated on every load. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built PWA under /h5/. Without a build the API still runs (tests, API-only use);
 * /h5/ then answers 404.
 */
export const staticPlugin = fp<{ distDir: string }>(
  async (app, { distDir }) => {
    const redirect = { schema: { hide: true } };
    app.get('/', redirect, (_req, reply) => reply.redirect('/h5/'));
    app.get('/h5', redirect, (_req, reply) => reply.redirect('/h5/'));
    if (!existsSync(join(distDir, 'index.html'))) {
      app.log.warn({ distDir }, 'no PWA build found; serving the API only');
      return;
    }
    const assetsDir = join(distDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/h5/',
      cacheControl: false,
      decorateReply: false,
      // The build writes .br and .gz beside each text asset (vite.config.ts); serve the one the
      // browser accepts.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('Cache-Control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  },
  { name: 'static' },
);
