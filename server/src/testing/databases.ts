import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { openPgliteFromTemplate, templateKey } from './template';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated database; `close()` discards it. */
  open(): Promise<Database>;
}

const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    const database = await openPgliteFromTemplate();
    await database.migrate();
    return database;
  },
};

/** The URL of database `name` on the server of `adminUrl`. */
function urlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any number: the advisory lock that one process at a time holds while it makes the template. */
const TEMPLATE_LOCK = 7_318_664;
const templates = new Map<string, Promise<string>>();

/**
 * A migrated, seeded database that test databases are copied from (`CREATE DATABASE … TEMPLATE`,
 * a file copy), named after the migrations and seed it holds: copying takes a fraction of the
 * time that running every migration into each new database took. Made once per server under an
 * advisory lock.
 */
export function postgresTemplate(adminUrl: string): Promise<string> {
  let made = templates.get(adminUrl);
  if (!made) {
    made = makePostgresTemplate(adminUrl);
    templates.set(adminUrl, made);
    made.catch(() => templates.delete(adminUrl));
  }
  return made;
}

async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `h5_template_${await templateKey()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Templates of other migrations (other branches may be testing beside this one): the newest
    // few stay, older ones go.
    const old = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'h5\\_template\\_%' ORDER BY oid DESC OFFSET 4",
    );
    for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    // Made under another name and renamed when complete, so no copy is ever taken of a half-migrated one.
    const partial = `${name}_partial`;
    await admin.query(`DROP DATABASE IF EXISTS "${partial}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${partial}"`);
    const database = openPostgres(urlOf(adminUrl, partial), () => undefined);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE "${partial}" RENAME TO "${name}"`);
    return name;
  } finally {
    await admin.end();
  }
}

/** A PostgreSQL database of its own for a test, by URL: processes of one deployment share it. */
export interface PostgresCopy {
  url: string;
  /** Drops it, ending the connections still open on it. */
  drop(): Promise<void>;
}

/** A uniquely named, migrated copy of the template on the server of `adminUrl`. */
export async function postgresCopy(adminUrl: string): Promise<PostgresCopy> {
  const template = await postgresTemplate(adminUrl);
  const name = `h5_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: urlOf(adminUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * A copy of the template (`postgresCopy`) dropped on close, so test files never see each other's
 * rows and leave nothing behind.
 */
function postgres(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      const copy = await postgresCopy(adminUrl);
      // The drop below ends connections a test left open; that is expected, not a failure.
      const database = openPostgres(copy.url, () => undefined);
      // Already migrated: this only confirms it (and would apply a migration the template lacks).
      await database.migrate();
      const opened: Database = {
        ...database,
        async close() {
          await database.close();
          await copy.drop();
        },
      };
      urls.set(opened, copy.url);
      return opened;
    },
  };
}

/** The URL of each open PostgreSQL test database, for `anotherConnection`. */
const urls = new WeakMap<Database, string>();

/**
 * The test database as another server process opens it: on PostgreSQL a pool and a notification
 * connection of its own; PGlite, which one process only can open, answers with the same instance
 * (its notifications reach every listener in the process). Closing it leaves `database` open.
 */
export function anotherConnection(database: Database): Database {
  const url = urls.get(database);
  if (url) return openPostgres(url, () => undefined);
  return { ...database, close: async () => undefined };
}

/** PGlite in memory always; PostgreSQL too when DATABASE_URL is set. */
export function testDatabases(): TestDatabase[] {
  const url = process.env.DATABASE_URL;
  return url ? [pglite, postgres(url)] : [pglite];
}

/**
 * The database of tests whose outcome cannot depend on the engine (see `describeOnOneDatabase`):
 * PostgreSQL when DATABASE_URL is set, since it opens and answers faster than PGlite, else PGlite.
 */
export function oneTestDatabase(): TestDatabase {
  const url = process.env.DATABASE_URL;
  return url ? postgres(url) : pglite;
}
