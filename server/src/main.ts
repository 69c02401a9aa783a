import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

// Node drains V8's background work whenever its event loop runs out of handles, blocking this
// thread until every background job ends. While the embedded database's WebAssembly is being
// compiled and tiered up, such a moment (nothing but a compile in flight) cost up to half a
// second of start. A timer keeps the loop alive until the server listens.
const startingUp = setInterval(() => {}, 60_000);

const config = readConfig();
// Made by the server build (scripts/build-server.mjs); without it a new folder runs initdb.
const pgliteCluster = fileURLToPath(new URL('../../dist-server/pglite-cluster', import.meta.url));
// The database opens and migrates while the app's modules load (loaded on demand: the server
// build keeps them in a chunk of their own), so reading the data folder and compiling the
// embedded database's WebAssembly overlap with compiling JavaScript.
const opening = openDatabase({ ...config, pgliteCluster }).then(async (db) => {
  await db.migrate();
  return db;
});
const [{ buildApp }, { default: closeWithGrace }, database] = await Promise.all([
  import('./app'),
  import('close-with-grace'),
  opening,
]);
const app = await buildApp({ config, db: database });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
clearInterval(startingUp);

const base = `http://localhost:${config.port}`;
const lines = [`App:      ${base}/h5/`, `API docs: ${base}/api/docs`];
if (config.mode === 'demo') {
  lines.push(
    config.devMailboxPublic
      ? `Mailbox:  ${base}/dev/mailbox (DEV_MAILBOX_PUBLIC=true: anyone who can reach this server reads every verification code)`
      : `Mailbox:  ${base}/dev/mailbox (from this machine only; DEV_MAILBOX_PUBLIC=true opens it to others)`,
  );
}
console.log(`\n${lines.join('\n')}\n`);
