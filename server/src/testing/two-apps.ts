import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import type { Database } from '../db/client';
import type { Listener } from '../db/listen';
import { createTestApp, type TestApp } from './app';
import { testClock } from './clock';
import { anotherConnection, testDatabases } from './databases';

type AppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

/** B's notification connection, as a test controls it. */
export interface Link {
  /** B's connection is lost: its `onGap` hears it, and its listener drops every notification. */
  cut(): void;
  /** Listening again: delivery resumes and B's `afterGap` handlers run, as after a reconnect. */
  restore(): void;
}

export interface TwoApps {
  database: () => Database;
  /** The app that takes the requests (process A). */
  a: () => TestApp;
  /** The other app on the same database (process B): its own pool, notification connection and runtimes. */
  b: () => TestApp;
  link: () => Link;
}

/**
 * Runs `body` once per test database (PGlite always, PostgreSQL with DATABASE_URL) with two apps
 * per test standing for two server processes on one database: A on the test database's connection,
 * B on another (`anotherConnection`: on PostgreSQL a pool and a listener of its own). Both run
 * every runtime (engines, watchers, workers, the scheduler by hand), share one test clock, and get
 * `appOptions(which)` (e.g. a feed each). B's notifications pass through a `Link` the test may cut.
 */
export function describeTwoApps(
  title: string,
  body: (env: TwoApps) => void,
  appOptions: (which: 'a' | 'b') => AppOptions = () => ({}),
): void {
  for (const tdb of testDatabases()) {
    describe(`${title} [${tdb.name}]`, () => {
      let database: Database | undefined;
      let second: Database | undefined;
      let apps: { a: TestApp; b: TestApp; link: Link } | undefined;
      beforeAll(async () => {
        database = await tdb.open();
        second = anotherConnection(database);
      });
      afterAll(async () => {
        await second?.close();
        await database?.close();
      });
      beforeEach(async () => {
        const clock = testClock();
        const a = await createTestApp(need(database), { ...appOptions('a'), clock });
        const linked = linkedDatabase(need(second));
        const b = await createTestApp(linked.database, { ...appOptions('b'), clock });
        apps = { a, b, link: linked.link };
      });
      afterEach(async () => {
        await apps?.b.close();
        await apps?.a.close();
        apps = undefined;
      });
      body({
        database: () => need(database),
        a: () => need(apps).a,
        b: () => need(apps).b,
        link: () => need(apps).link,
      });
    });
  }
}

type ListenerOf = (onGap: (err: Error) => void, onResume?: () => void) => Listener;

/** `database` whose listeners deliver through a link the test can cut and restore. */
function linkedDatabase(database: Database): { database: Database; link: Link } {
  let cut = false;
  const made: { onGap: (err: Error) => void; gapHandlers: (() => void)[] }[] = [];
  const link: Link = {
    cut() {
      cut = true;
      for (const m of made) m.onGap(new Error('notifications cut by the test'));
    },
    restore() {
      cut = false;
      for (const m of made) for (const handler of m.gapHandlers) handler();
    },
  };
  return {
    link,
    database: {
      ...database,
      // A handler for the resumed connection given beside `onGap` runs with the `afterGap` ones.
      listener(onGap, onResume?: () => void) {
        const inner = (database.listener as ListenerOf)(onGap, onResume);
        const m = { onGap, gapHandlers: onResume ? [onResume] : [] };
        made.push(m);
        const listener: Listener = {
          listen: (channel, onPayload) => inner.listen(channel, (p) => (cut ? undefined : onPayload(p))),
          afterGap(handler) {
            m.gapHandlers.push(handler);
            inner.afterGap(handler);
          },
          close: () => inner.close(),
        };
        return listener;
      },
    },
  };
}

function need<T>(v: T | undefined): T {
  if (v === undefined) throw new Error('used outside a test');
  return v;
}
