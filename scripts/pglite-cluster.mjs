// Makes a freshly initialised embedded PostgreSQL cluster (no tables) in the folder argv[2]. A new
// data folder starts as a copy of it, so the server never runs initdb itself (seconds of work and a
// memory peak of several hundred MB) and never unpacks an archive in memory. Run by the server
// build in its own process.
import { rm, rename } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

const out = process.argv[2];
if (!out) throw new Error('usage: pglite-cluster.mjs <output folder>');
const partial = `${out}.partial`;
await rm(partial, { recursive: true, force: true });
const pg = new PGlite({ dataDir: partial });
await pg.waitReady;
// A clean shutdown: the copy needs no recovery when it first opens.
await pg.close();
await rm(out, { recursive: true, force: true });
await rename(partial, out);
