import { and, eq, isNotNull, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { totpFactors, type TotpFactorRow } from '../db/schema/index';
import { DEV_KEY_RING, open, seal, SecretKeyError, type KeyRing } from './secret-box';

/** The ring sealing app secrets: `TOTP_KEYS`, or the fixed development key outside production. */
export function totpKeyRing(config: Pick<Config, 'mode' | 'totpKeys'>): KeyRing {
  if (config.totpKeys) return config.totpKeys;
  // The configuration refuses production without TOTP_KEYS; this guards a hand-built one.
  if (config.mode === 'production') throw new SecretKeyError('TOTP_KEYS is required in production');
  return DEV_KEY_RING;
}

/** Binds a sealed secret to its row: copied to another user's row it does not open. */
const rowData = (userId: number) => `totp:${userId}`;

export const sealTotpSecret = (ring: KeyRing, userId: number, secret: string) => seal(ring, secret, rowData(userId));

/** The app's secret of a row; a row sealed under a key the ring lacks, or a wrong key, throws. */
export function openTotpSecret(ring: KeyRing, row: TotpFactorRow): string {
  if (!row.secretSealed || !row.secretKeyId) {
    throw new SecretKeyError(`the app secret of user ${row.userId} is not sealed (the start seals every row)`);
  }
  return open(ring, row.secretSealed, row.secretKeyId, rowData(row.userId));
}

const BATCH = 500;

/**
 * Run at every start, before requests (`app.ts`), in every process (each update is conditional, so
 * processes starting together seal a row once). A data step in the app rather than in a SQL
 * migration: the key lives in the process's configuration, never in the database, and the
 * migrations run before the configuration's keys reach any SQL. It
 * - refuses to start when a row was sealed under a key `TOTP_KEYS` does not hold (a key dropped
 *   too early or a wrong ring): every code of those users would fail;
 * - seals the rows still in clear (written before sealing) and empties their clear column;
 * - seals again under the current key the rows of an older key of the ring (rotation), so the old
 *   key may leave the ring once this ran.
 * Answers how many rows it sealed.
 */
export async function sealTotpSecrets(db: Db, ring: KeyRing): Promise<number> {
  const [lost] = await db
    .select({ n: sql<number>`count(*)::int`, keyId: sql<string>`min(${totpFactors.secretKeyId})` })
    .from(totpFactors)
    .where(and(isNotNull(totpFactors.secretKeyId), notInArray(totpFactors.secretKeyId, [...ring.keys.keys()])));
  if (lost && lost.n > 0) {
    throw new SecretKeyError(
      `${lost.n} authenticator-app secrets are sealed with key "${lost.keyId}", which TOTP_KEYS does not hold; ` +
        'put that key back in TOTP_KEYS (after the current one) and start again',
    );
  }
  let sealed = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(totpFactors)
      .where(
        or(isNotNull(totpFactors.secret), isNull(totpFactors.secretKeyId), ne(totpFactors.secretKeyId, ring.current)),
      )
      .limit(BATCH);
    if (rows.length === 0) return sealed;
    for (const row of rows) {
      const secret = row.secret ?? openTotpSecret(ring, row);
      const next = sealTotpSecret(ring, row.userId, secret);
      // Only the row as read: a row re-enrolled meanwhile keeps its new secret.
      const done = await db
        .update(totpFactors)
        .set({ secret: null, secretSealed: next.sealed, secretKeyId: next.keyId })
        .where(
          and(
            eq(totpFactors.userId, row.userId),
            row.secret === null ? isNull(totpFactors.secret) : eq(totpFactors.secret, row.secret),
            row.secretSealed === null
              ? isNull(totpFactors.secretSealed)
              : eq(totpFactors.secretSealed, row.secretSealed),
          ),
        )
        .returning({ userId: totpFactors.userId });
      sealed += done.length;
    }
  }
}
