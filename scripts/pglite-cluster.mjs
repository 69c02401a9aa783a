// Writes a dump of a freshly initialised embedded PostgreSQL cluster (no tables) to the path in
// argv[2]. A new data folder starts from it, so the server never runs initdb itself (seconds of
// work and a memory peak of several hundred MB). Run by the server build in its own process.
import { rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';

const out = process.argv[2];
if (!out) throw new Error('usage: pglite-cluster.mjs <output.tar.gz>');
const pg = new PGlite();
await pg.waitReady;
// gzip: a seventh of the size, so loading it holds far less memory at once.
const dump = await pg.dumpDataDir('gzip');
await pg.close();
await writeFile(`${out}.partial`, Buffer.from(await dump.arrayBuffer()));
await rename(`${out}.partial`, out);
