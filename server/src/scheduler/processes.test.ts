import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres';
import { settings } from '../db/schema/index';
import { startScript } from '../testing/child-process';
import { onScratchPostgres } from '../testing/kill-support';

/**
 * Two server processes on one PostgreSQL database each run the scheduler over the same hour of
 * minutes (`run-process.ts`), started together: every minute's job runs exactly once between them.
 */

const CHILD = fileURLToPath(new URL('../testing/scheduler-process.ts', import.meta.url));
const PASSES = 60;
const START = Date.parse('2026-07-01T00:00:30Z');

const startChild = (target: string) =>
  startScript<{ ran: number }>(
    CHILD,
    { TARGET: target, START: String(START), PASSES: String(PASSES) },
    'scheduler process',
  );

describe('the scheduler in two processes', () => {
  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'runs each period of a job once on PostgreSQL',
    async () => {
      await onScratchPostgres(adminUrl!, async (target) => {
        const database = openPostgres(target);
        try {
          await database.migrate();
          const a = startChild(target);
          const b = startChild(target);
          await Promise.all([a.ready, b.ready]);
          a.go();
          b.go();
          const [{ ran: ranA }, { ran: ranB }] = await Promise.all([a.done, b.done]);
          const rows = await database.db
            .select({ key: settings.key, pid: settings.value })
            .from(settings)
            .where(like(settings.key, 'shared@%'));
          // The first pass runs 00:00; the last, at 01:00:30, runs 00:59: sixty minutes in all.
          expect(rows).toHaveLength(PASSES);
          expect(new Set(rows.map((r) => r.key)).size).toBe(PASSES);
          expect(ranA + ranB).toBe(PASSES);
        } finally {
          await database.close();
        }
      });
    },
    60_000,
  );
});
