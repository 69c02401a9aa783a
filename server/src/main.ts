import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { EngineLock } from './db/engine-lock';

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
/** The app once built: until then, a lost lock is reported on stderr. */
const started: { app?: FastifyInstance } = {};

/**
 * The engine lock is gone (its connection dropped): another process may start matching on this
 * database now, so this one stops everything at once, as a `kill -9` would (what was acknowledged
 * is stored; what was in flight is not acknowledged). A supervisor starts it again.
 */
function stopAtOnce(err: Error): never {
  const line = 'lost the engine lock of the database; stopping at once';
  if (started.app) started.app.log.fatal({ err }, line);
  else console.error(`server: ${line}: ${err.message}`);
  process.exit(1);
}

/**
 * One server process serves a database (`db/engine-lock.ts`). A second one on PostgreSQL says so
 * and exits before it migrates, seeds or starts anything; the embedded database's folder lock has
 * already refused it in `openDatabase`.
 */
async function claimEngine(database: Database): Promise<EngineLock> {
  if (!config.databaseUrl) {
    return {
      lock: 'data_folder',
      since: new Date(),
      check: () => Promise.resolve(true),
      release: () => Promise.resolve(),
    };
  }
  // Loaded with PostgreSQL only, as the driver it needs (`openDatabase`).
  const { EngineLockedError, holdEngineLock } = await import('./db/engine-lock');
  try {
    // With roles and Redis the pairs are owned by lease (`trading/cluster/`): the processes of the
    // deployment share the lock, which keeps an all-in-one process (and only it) away.
    const shared = config.role !== 'all' && config.redisUrl !== undefined;
    return await holdEngineLock(config.databaseUrl, stopAtOnce, shared ? 'shared' : 'exclusive');
  } catch (err) {
    if (!(err instanceof EngineLockedError)) throw err;
    console.error(`server: not started. ${err.message}`);
    await database.close();
    process.exit(1);
  }
}

// Made by the server build (scripts/build-server.mjs); without it a new folder runs initdb.
const pgliteCluster = fileURLToPath(new URL('../../dist-server/pglite-cluster', import.meta.url));
// The database opens and migrates while the app's modules load (loaded on demand: the server
// build keeps them in a chunk of their own), so reading the data folder and compiling the
// embedded database's WebAssembly overlap with compiling JavaScript.
const opening = openDatabase({ ...config, pgliteCluster }).then(async (db) => {
  const engine = await claimEngine(db);
  await db.migrate();
  return { database: db, engine };
});
const [{ buildApp }, { default: closeWithGrace }, { database, engine }] = await Promise.all([
  import('./app'),
  import('close-with-grace'),
  opening,
]);
const app = await buildApp({ config, db: database, engine });
started.app = app;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  // Last: the final batch has committed before another process may take the engines.
  await engine.release();
});

await app.listen({ port: config.port, host: config.host });
clearInterval(startingUp);

const base = `http://localhost:${config.port}`;
// A worker serves no pages or API: only its probes and metrics.
const lines =
  config.role === 'worker'
    ? [`Worker:   ${base}/health/ready, ${base}/metrics`]
    : [`App:      ${base}/h5/`, `API docs: ${base}/api/docs`];
if (config.role !== 'all') lines.push(`Role:     ${config.role}`);
if (config.mode === 'demo' && config.role !== 'worker') {
  lines.push(
    config.devMailboxPublic
      ? `Mailbox:  ${base}/dev/mailbox (DEV_MAILBOX_PUBLIC=true: anyone who can reach this server reads every verification code)`
      : `Mailbox:  ${base}/dev/mailbox (from this machine only; DEV_MAILBOX_PUBLIC=true opens it to others)`,
  );
}
console.log(`\n${lines.join('\n')}\n`);
