import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../db/rows';
import { passkeys, recoveryCodes, totpFactors } from '../db/schema/index';
import { factorResets } from '../db/schema/factor-resets';
import { onPgliteFolder, onScratchPostgres, openAfterKill, runUntil } from '../testing/kill-support';
import { insertLedgerUser } from '../testing/ledger';

/**
 * `kill -9` of the process approving a second-factor reset, after the app and passkeys are
 * deleted, the notices, the pause and the audit row written, and before they commit: nothing of
 * it is stored; after the restart the same approval applies once, and another is refused. On a
 * PGlite folder and, with DATABASE_URL, on PostgreSQL.
 */

const SCRIPT = fileURLToPath(new URL('../testing/factor-reset-process.ts', import.meta.url));
const NOW = Date.UTC(2032, 6, 1, 12, 30);

async function approve(target: string, ids: { admin: number; reset: number }, pause: boolean, wanted: string) {
  const env = { TARGET: target, NOW: String(NOW), ADMIN: String(ids.admin), RESET: String(ids.reset) };
  return runUntil(SCRIPT, { ...env, PAUSE: pause ? '1' : '' }, wanted, pause);
}

async function state(target: string, userId: number) {
  const database = await openAfterKill(target);
  try {
    const [row] = await rows<Record<string, string | number | null>>(
      database.db,
      sql`SELECT
            (SELECT count(*)::int FROM totp_factors WHERE user_id = ${userId}) AS totp,
            (SELECT count(*)::int FROM recovery_codes WHERE user_id = ${userId}) AS codes,
            (SELECT count(*)::int FROM passkeys WHERE user_id = ${userId}) AS passkeys,
            (SELECT state FROM factor_resets WHERE user_id = ${userId}) AS reset,
            (SELECT count(*)::int FROM audit_log WHERE entity = 'user' AND entity_id = ${userId}) AS audited,
            (SELECT count(*)::int FROM notices WHERE user_id = ${userId}) AS notices,
            (SELECT count(*)::int FROM users WHERE id = ${userId} AND security_changed_at IS NOT NULL) AS paused`,
    );
    return row;
  } finally {
    await database.close();
  }
}

async function killMidApproval(target: string): Promise<void> {
  const database = await openAfterKill(target);
  let userId: number;
  let ids: { admin: number; reset: number };
  try {
    await database.migrate();
    const { db } = database;
    const at = new Date(NOW - 3_600_000);
    userId = await insertLedgerUser(db);
    const proposer = await insertLedgerUser(db);
    const approver = await insertLedgerUser(db);
    await db
      .insert(totpFactors)
      .values({ userId, secretSealed: 'v1.a.b.c', secretKeyId: 'dev', createdAt: at, confirmedAt: at });
    await db.insert(recoveryCodes).values({ userId, codeHash: 'f'.repeat(64), createdAt: at });
    await db.insert(passkeys).values({
      userId,
      credentialId: `kill-${userId}`,
      publicKey: 'key',
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Phone',
      createdAt: at,
    });
    const [reset] = await db
      .insert(factorResets)
      .values({
        userId,
        removeTotp: true,
        removePasskeys: true,
        reason: 'Lost phone',
        proposedBy: proposer,
        createdAt: at,
        expiresAt: new Date(NOW + 3_600_000),
      })
      .returning({ id: factorResets.id });
    ids = { admin: approver, reset: reset!.id };
  } finally {
    await database.close();
  }
  const untouched = { totp: 1, codes: 1, passkeys: 1, reset: 'pending', audited: 0, notices: 0, paused: 0 };

  await approve(target, ids, true, 'written');
  expect(await state(target, userId)).toEqual(untouched);

  await approve(target, ids, false, 'done');
  // Told twice: the reset and the pause it started.
  const applied = { totp: 0, codes: 0, passkeys: 0, reset: 'applied', audited: 1, notices: 2, paused: 1 };
  expect(await state(target, userId)).toEqual(applied);

  await approve(target, ids, false, 'refused reset_decided');
  expect(await state(target, userId)).toEqual(applied);
}

describe('a second-factor reset approval killed before its commit', () => {
  it('applies once after a restart on PGlite', () => onPgliteFolder(killMidApproval), 180_000);

  const postgres = process.env.DATABASE_URL;
  it.runIf(postgres)(
    'applies once after a restart on PostgreSQL',
    () => onScratchPostgres(postgres!, killMidApproval),
    180_000,
  );
});
