import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { openPgliteFromTemplate } from './template';

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

/**
 * A uniquely named database created through the admin connection of `adminUrl` and dropped on
 * close, so test files never see each other's rows and leave nothing behind.
 */
function postgres(adminUrl: string): TestDatabase {
  return {
    name: 'postgres',
    async open() {
      const name = `h5_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // The drop below ends connections a test left open; that is expected, not a failure.
      const database = openPostgres(url.toString(), () => undefined);
      await database.migrate();
      return {
        ...database,
        async close() {
          await database.close();
          const dropper = new pg.Client({ connectionString: adminUrl });
          await dropper.connect();
          try {
            await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          } finally {
            await dropper.end();
          }
        },
      };
    },
  };
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
