import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from './app';
import { oneTestDatabase, testDatabases, type TestDatabase } from './databases';

type AppOptions = Parameters<typeof createTestApp>[1];
type Body = (env: { database: () => Database; app: () => TestApp }) => void;

/**
 * Runs `body` once per test database (PGlite always, PostgreSQL with DATABASE_URL); the file
 * gets a fresh database per kind, and `app()` a fresh app (own clock, data dir, client address)
 * per test. For tests whose outcome depends on the engine: see `describeOnOneDatabase`.
 */
export function describeEachDatabase(title: string, body: Body, appOptions?: AppOptions | (() => AppOptions)): void {
  describeOn(testDatabases(), title, body, appOptions);
}

/**
 * Like `describeEachDatabase`, on one database only (PostgreSQL with DATABASE_URL, else PGlite):
 * for tests of HTTP handling, validation, routing, files and rules, which PGlite and PostgreSQL
 * cannot answer differently. What the engines may answer differently (concurrent requests and
 * row locks, notifications, values read back through each driver, money moves) stays on each.
 */
export function describeOnOneDatabase(title: string, body: Body, appOptions?: AppOptions | (() => AppOptions)): void {
  describeOn([oneTestDatabase()], title, body, appOptions);
}

function describeOn(
  databases: TestDatabase[],
  title: string,
  body: Body,
  appOptions?: AppOptions | (() => AppOptions),
): void {
  for (const tdb of databases) {
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
