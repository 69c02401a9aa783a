// The PostgreSQL listener across a lost connection: `onGap` hears the loss at once, and the
// `afterGap` handlers run only once it listens again, so what they reload cannot miss a change
// announced after the reload. Needs DATABASE_URL; PGlite's in-process listener has no gap.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { postgresListener } from './postgres';

const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl)('database notifications on PostgreSQL', () => {
  it('reports a lost connection at once and runs afterGap once it listens again', async () => {
    const name = `h5-listen-${randomBytes(4).toString('hex')}`;
    const url = new URL(adminUrl!);
    url.searchParams.set('application_name', name);
    const channel = `listen_test_${randomBytes(4).toString('hex')}`;
    const lost: Error[] = [];
    const payloads: string[] = [];
    let resumed = 0;
    const listener = postgresListener(url.toString(), (err) => lost.push(err));
    listener.afterGap(() => {
      resumed += 1;
      // Listening again already: a notification sent from here on arrives.
      void admin.query('SELECT pg_notify($1, $2)', [channel, 'after']);
    });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await listener.listen(channel, (p) => payloads.push(p));
      await admin.query('SELECT pg_notify($1, $2)', [channel, 'before']);
      await vi.waitFor(() => expect(payloads).toEqual(['before']));
      expect(resumed).toBe(0);

      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [name]);
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
      // Sent while nobody listens: lost, which is what afterGap is for.
      await admin.query('SELECT pg_notify($1, $2)', [channel, 'missed']);
      await vi.waitFor(() => expect(resumed).toBe(1), { timeout: 5_000 });
      await vi.waitFor(() => expect(payloads).toEqual(['before', 'after']));
    } finally {
      await listener.close();
      await admin.end();
    }
  });
});
