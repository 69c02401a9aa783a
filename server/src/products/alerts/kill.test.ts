import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows';
import { pushSubscriptions } from '../../db/schema/index';
import { CATALOG } from '../../market/catalog';
import { onPgliteFolder, onScratchPostgres, openAfterKill, runUntil } from '../../testing/kill-support';
import { insertLedgerUser } from '../../testing/ledger';
import { createAlert } from './service';

/**
 * `kill -9` of the process that fires a price alert, after the alert's update and its notice are
 * written and before they commit: nothing of the firing is stored; after the restart the same price
 * path fires it once, at the first trade that reaches it, and a later path changes nothing. On a
 * PGlite folder and, with DATABASE_URL, on PostgreSQL.
 */

const SCRIPT = fileURLToPath(new URL('../../testing/alert-watch-process.ts', import.meta.url));
const NOW = Date.UTC(2032, 6, 1, 12, 30);
const BTC = CATALOG.instruments.find((i) => i.symbol === 'BTC/USDT')!.id;
/** The one-shot `above 50,500` is reached at 50,600 (first), the repeating `below 49,500` at 49,400. */
const PATH = '50000,50400,50600,50700,49600,49400,49000';

async function pass(target: string, prices: string, now: number, pause: boolean): Promise<void> {
  const env = {
    TARGET: target,
    NOW: String(now),
    PAIR: String(BTC),
    PRICES: prices,
    CHANGE: '-1.25',
    PAUSE: pause ? '1' : '',
  };
  await runUntil(SCRIPT, env, pause ? 'written' : 'done', pause);
}

interface Alert {
  id: number;
  status: string;
  fired: number;
  at: number | null;
  price: string | null;
  change: string | null;
}

async function state(target: string) {
  const database = await openAfterKill(target);
  try {
    const alerts = await rows<{
      id: number;
      status: string;
      fired_count: number;
      last_fired_at: string | null;
      last_fired_price: string | null;
      last_fired_change: string | null;
    }>(
      database.db,
      sql`SELECT id, status, fired_count, (extract(epoch FROM last_fired_at) * 1000)::bigint::text AS last_fired_at,
            last_fired_price::float8::text AS last_fired_price, last_fired_change::float8::text AS last_fired_change
          FROM price_alerts ORDER BY id`,
    );
    const notices = await rows<{ alert_id: number; price: string; change: string }>(
      database.db,
      sql`SELECT (event->>'alert_id')::int AS alert_id, event->>'price' AS price, event->>'change' AS change
          FROM notices WHERE type = 'trade.price_alert' ORDER BY id`,
    );
    const [outbox] = await rows<{ n: string }>(
      database.db,
      sql`SELECT count(*) AS n FROM push_outbox WHERE type = 'trade.price_alert'`,
    );
    return {
      alerts: alerts.map((a): Alert => ({
        id: a.id,
        status: a.status,
        fired: a.fired_count,
        at: a.last_fired_at === null ? null : Number(a.last_fired_at),
        price: a.last_fired_price,
        change: a.last_fired_change,
      })),
      notices,
      pushes: Number(outbox!.n),
    };
  } finally {
    await database.close();
  }
}

async function killMidFiring(target: string): Promise<void> {
  const database = await openAfterKill(target);
  let above: number;
  let below: number;
  try {
    await database.migrate();
    const at = new Date(NOW - 60_000);
    const userId = await insertLedgerUser(database.db);
    // A device subscribed, so a firing also queues a push: that too must commit with it or not at all.
    await database.db.insert(pushSubscriptions).values({
      userId,
      endpoint: 'https://push.example.test/alert-kill',
      p256dh: 'p256dh',
      auth: 'auth',
      locale: 'en',
      createdAt: at,
      updatedAt: at,
    });
    const base = { pairId: BTC, repeat: false, cooldownMinutes: 60 };
    above = (await createAlert(database.db, userId, { ...base, kind: 'above', price: '50500' }, at)).id;
    below = (await createAlert(database.db, userId, { ...base, kind: 'below', price: '49500', repeat: true }, at)).id;
  } finally {
    await database.close();
  }
  const armed = (id: number): Alert => ({ id, status: 'active', fired: 0, at: null, price: null, change: null });

  // Killed while the first firing (the one-shot, at 50,600) is written and not committed.
  await pass(target, PATH, NOW, true);
  expect(await state(target)).toEqual({ alerts: [armed(above), armed(below)], notices: [], pushes: 0 });

  // Restarted: the same path fires each alert once, at the first trade that reaches it.
  await pass(target, PATH, NOW, false);
  const fired = {
    alerts: [
      { id: above, status: 'fired', fired: 1, at: NOW, price: '50600', change: '-1.25' },
      { id: below, status: 'active', fired: 1, at: NOW, price: '49400', change: '-1.25' },
    ],
    notices: [
      { alert_id: above, price: '50600', change: '-1.25' },
      { alert_id: below, price: '49400', change: '-1.25' },
    ],
    pushes: 2,
  };
  expect(await state(target)).toEqual(fired);

  // Another start half an hour later and a path through both targets: the one-shot has fired, the
  // repeating one is within its hour's cool-down; nothing more.
  await pass(target, '52000,48000,51000,47000', NOW + 30 * 60_000, false);
  expect(await state(target)).toEqual(fired);
}

describe('a price alert firing killed before its commit', () => {
  it('fires once after a restart on PGlite', () => onPgliteFolder(killMidFiring), 180_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'fires once after a restart on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killMidFiring),
    180_000,
  );
});
