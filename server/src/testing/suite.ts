import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from './app';
import { testDatabases } from './databases';

type AppOptions = Parameters<typeof createTestApp>[1];

/**
 * Runs `body` once per test database (PGlite always, PostgreSQL with DATABASE_URL); the file
 * gets a fresh database per kind, and `app()` a fresh app (own clock, data dir, client address)
 * per test.
 */
export function describeEachDatabase(
  title: string,
  body: (env: { database: () => Database; app: () => TestApp }) => void,
  appOptions?: AppOptions | (() => AppOptions),
): void {
  for (const tdb of testDatabases()) {
    describe(`${title} [${tdb.name}]`, () => {
      let database: Database | undefined;
      let current: TestApp | undefined;
      beforeAll(async () => {
        database = await tdb.open();
      });
      afterAll(async () => {
        await database?.close();
      });
      beforeEach(async () => {
        const options = typeof appOptions === 'function' ? appOptions() : appOptions;
        current = await createTestApp(need(database), options);
      });
      afterEach(async () => {
        await current?.close();
        current = undefined;
      });
      body({ database: () => need(database), app: () => need(current) });
    });
  }
}

function need<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('used outside a test');
  return v;
}
