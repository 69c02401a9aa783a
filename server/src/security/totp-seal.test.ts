import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import * as security from '@contract/security';
import { totpFactors } from '../db/schema/index';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { SECOND } from '../testing/clock';
import { call, ok } from '../testing/fund';
import { describeEachDatabase } from '../testing/suite';
import { DEV_KEY_RING, parseKeyRing, SecretKeyError, type KeyRing } from './secret-box';
import { checkTotp } from './totp';
import { sealTotpSecrets } from './totp-seal';

const START = new Date('2026-03-02T10:00:15.000Z');
const ring = (current: string, ...keys: [string, number][]): KeyRing => ({
  current,
  keys: new Map(keys.map(([id, fill]) => [id, Buffer.alloc(32, fill)])),
});

const codeAt = (t: TestApp, secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

async function enrolled(t: TestApp) {
  t.clock.set(START);
  const u = await registerUser(t);
  const as = { token: u.token, lang: 'en' };
  const { secret } = await ok<{ secret: string }>(call(t, security.totpSetup, {}, as));
  await ok(call(t, security.totpConfirm, { code: await codeAt(t, secret) }, as));
  t.clock.advance(90 * SECOND);
  return { userId: u.user.id, secret };
}

const rowOf = async (t: TestApp, userId: number) =>
  (await t.app.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)))[0]!;

/** Checks the app's current code with the context's configuration given `keys`. */
async function check(t: TestApp, userId: number, secret: string, keys: KeyRing) {
  const ctx = { ...t.app.ctx, config: { ...t.app.ctx.config, totpKeys: keys } };
  await checkTotp(ctx, userId, await codeAt(t, secret), { recovery: false });
}

describe('TOTP_KEYS', () => {
  it('reads id:key pairs, the first the current one, and names what is wrong', () => {
    const k = (fill: number) => Buffer.alloc(32, fill).toString('base64');
    const parsed = parseKeyRing(`k2:${k(2)}, k1:${k(1)}`);
    expect(typeof parsed === 'string' ? parsed : [parsed.current, [...parsed.keys.keys()]]).toEqual([
      'k2',
      ['k2', 'k1'],
    ]);
    expect(parseKeyRing(`k1:${Buffer.alloc(16).toString('base64')}`)).toMatch(/32 bytes/);
    expect(parseKeyRing(`k 1:${k(1)}`)).toMatch(/not a key id/);
    expect(parseKeyRing(`k1:${k(1)},k1:${k(2)}`)).toMatch(/twice/);
    expect(parseKeyRing('')).toMatch(/not a key id/);
  });
});

describeEachDatabase('the authenticator secret at rest', ({ app }) => {
  it('stores the secret sealed, never in clear, and its codes still verify', async () => {
    const t = app();
    const { userId, secret } = await enrolled(t);
    const row = await rowOf(t, userId);
    expect(row.secret).toBeNull();
    expect(row.secretKeyId).toBe('dev');
    expect(row.secretSealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(Buffer.from(secret).toString('base64'));
    await check(t, userId, secret, DEV_KEY_RING);
  });

  it('seals rows kept in clear at start, once, and rotation seals them again under the new key', async () => {
    const t = app();
    const { userId, secret } = await enrolled(t);
    const { db } = t.app.ctx;
    // A row as written before sealing.
    await db
      .update(totpFactors)
      .set({ secret, secretSealed: null, secretKeyId: null })
      .where(eq(totpFactors.userId, userId));
    expect(await sealTotpSecrets(db, DEV_KEY_RING)).toBeGreaterThanOrEqual(1);
    expect(await sealTotpSecrets(db, DEV_KEY_RING)).toBe(0);
    const sealed = await rowOf(t, userId);
    expect(sealed.secret).toBeNull();
    expect(sealed.secretSealed).not.toContain(secret);
    await check(t, userId, secret, DEV_KEY_RING);

    // Rotation: a new key first, the old one after it; the start seals every row again.
    const rotated: KeyRing = { current: 'k2', keys: new Map([...ring('k2', ['k2', 2]).keys, ...DEV_KEY_RING.keys]) };
    expect(await sealTotpSecrets(db, rotated)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(t, userId)).secretKeyId).toBe('k2');
    // The old key may leave now.
    t.clock.advance(60 * SECOND);
    await check(t, userId, secret, ring('k2', ['k2', 2]));
    // Back to the development ring for the tests after this one: seal under it again.
    await sealTotpSecrets(db, { current: 'dev', keys: new Map([...DEV_KEY_RING.keys, ['k2', Buffer.alloc(32, 2)]]) });
  });

  it('refuses clearly with a wrong key or a ring without the row key, and takes no try', async () => {
    const t = app();
    const { userId, secret } = await enrolled(t);
    // The same id with other key material: the value does not open.
    await expect(check(t, userId, secret, ring('dev', ['dev', 5]))).rejects.toThrow(
      new SecretKeyError('key "dev" does not open this value (a wrong key or a changed value)'),
    );
    // A ring without the row's key: codes fail, and the start refuses.
    await expect(check(t, userId, secret, ring('k9', ['k9', 9]))).rejects.toThrow(/key "dev", which the key ring/);
    await expect(sealTotpSecrets(t.app.ctx.db, ring('k9', ['k9', 9]))).rejects.toThrow(
      /sealed with key "dev", which TOTP_KEYS does not hold/,
    );
    expect((await rowOf(t, userId)).failures).toBe(0);
    // A sealed value copied to another user's row does not open there.
    const other = await enrolled(t);
    const mine = await rowOf(t, userId);
    await t.app.ctx.db
      .update(totpFactors)
      .set({ secretSealed: mine.secretSealed })
      .where(eq(totpFactors.userId, other.userId));
    await expect(check(t, other.userId, secret, DEV_KEY_RING)).rejects.toThrow(/does not open/);
    // The right key still verifies.
    await check(t, userId, secret, DEV_KEY_RING);
  });
});
