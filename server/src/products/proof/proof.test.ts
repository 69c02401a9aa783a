import { randomUUID } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { and, eq, like, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as proof from '@contract/proof';
import * as wallet from '@contract/wallet';
import { verifyProof, type InclusionProof } from '@contract/domain/merkle-sum-proof';
import { userHashOf } from '@contract/domain/merkle-sum-leaves';
import { auditLog, ledgerAccounts, proofSnapshots } from '../../db/schema/index';
import { Money } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR } from '../../testing/clock';
import { adminUser } from '../../testing/fund';
import { describeEachDatabase } from '../../testing/suite';
import { callWithKey, okOf, walletAppOptions } from '../../testing/wallet';
import { fromMinorUnits } from './amounts';

const snapshotNow = async (t: TestApp, token: string) =>
  okOf(proof.adminProofSnapshot, (await callWithKey(t, proof.adminProofSnapshot, {}, { token })).body);
const mine = async (t: TestApp, token: string, id: number) => (await t.call(proof.proofMine, { id }, { token })).body;

/** Every user's ledger total per currency name, read straight from the accounts. */
async function ledgerTotals(t: TestApp, names: readonly string[], ids: readonly number[]) {
  const rows = await t.app.ctx.db
    .select({
      currencyId: ledgerAccounts.currencyId,
      s: sql<string>`sum(${ledgerAccounts.available} + ${ledgerAccounts.held})::text`,
    })
    .from(ledgerAccounts)
    .where(like(ledgerAccounts.owner, 'u:%'))
    .groupBy(ledgerAccounts.currencyId);
  const by = new Map(rows.map((r) => [r.currencyId, new Money(r.s).toFixed()]));
  return names.map((_, i) => by.get(ids[i] as number) ?? '0');
}

/** One user's totals per currency from their leaves (their proofs' balances summed). */
const leafTotals = (proofs: readonly InclusionProof[]) =>
  (proofs[0]?.currencies ?? []).map((_, c) =>
    fromMinorUnits(proofs.reduce((s, p) => s + BigInt(p.leaf.balances[c] as string), 0n).toString()),
  );

const moveKey = () => randomUUID();

describeEachDatabase(
  'proof of liabilities',
  ({ app }) => {
    it('publishes totals equal to the ledger’s, and each user’s proofs verify against the published root', async () => {
      const t = app();
      const admin = await adminUser(t);
      const user = await registerUser(t);
      const snap = await snapshotNow(t, admin.token);
      const [row] = await t.app.ctx.db.select().from(proofSnapshots).where(eq(proofSnapshots.id, snap.id));
      expect(snap.totals.map(fromMinorUnits)).toEqual(await ledgerTotals(t, snap.currencies, row!.currencyIds));
      expect(snap.reserves.status).toBe('demo');

      const listed = okOf(proof.proofSnapshots, (await t.call(proof.proofSnapshots, {})).body);
      expect(listed.data[0]).toEqual(snap);
      expect(okOf(proof.proofSnapshot, (await t.call(proof.proofSnapshot, { id: snap.id })).body)).toEqual(snap);

      const got = okOf(proof.proofMine, await mine(t, user.token, snap.id));
      expect(got.proofs.length).toBeGreaterThan(0);
      const ownHash = Buffer.from(userHashOf(sha256, user.user.id)).toString('hex');
      for (const p of got.proofs) {
        expect(p.leaf.user_hash).toBe(ownHash);
        expect(verifyProof(p as InclusionProof, sha256, { hash: snap.root_hash, sums: snap.totals }).ok).toBe(true);
      }
      const usdt = snap.currencies.indexOf('USDT');
      expect(leafTotals(got.proofs as InclusionProof[])[usdt]).toBe('10000');

      const audits = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'proof_snapshot'), eq(auditLog.entityId, snap.id)));
      expect(audits.map((a) => [a.action, a.adminId])).toEqual([['proof.snapshot', admin.user.id]]);
    });

    it('takes one snapshot at a time: requests during one get that one, each audited', async () => {
      const t = app();
      const admin = await adminUser(t);
      await registerUser(t);
      const count = async () => (await t.app.ctx.db.select({ id: proofSnapshots.id }).from(proofSnapshots)).length;
      const before = await count();
      // Requests arriving while a snapshot is being taken: all get that snapshot.
      const joined = await Promise.all(Array.from({ length: 6 }, () => t.app.proof.byStaff(admin.user.id)));
      expect(new Set(joined.map((s) => s.id)).size).toBe(1);
      expect(await count()).toBe(before + 1);
      const audits = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'proof_snapshot'), eq(auditLog.entityId, joined[0]!.id)));
      expect(audits.map((a) => a.action).sort()).toEqual([
        'proof.snapshot',
        ...Array<string>(5).fill('proof.snapshot_joined'),
      ]);

      // A burst over HTTP: however the requests interleave, each snapshot is whole and audited once.
      const burst = await Promise.all(Array.from({ length: 6 }, () => snapshotNow(t, admin.token)));
      const ids = [...new Set(burst.map((s) => s.id))];
      expect(await count()).toBe(before + 1 + ids.length);
      for (const id of ids) {
        const rows = await t.app.ctx.db
          .select()
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entity, 'proof_snapshot'),
              eq(auditLog.entityId, id),
              eq(auditLog.action, 'proof.snapshot'),
            ),
          );
        expect(rows).toHaveLength(1);
        const [row] = await t.app.ctx.db.select().from(proofSnapshots).where(eq(proofSnapshots.id, id));
        expect(row!.totals.map(fromMinorUnits)).toEqual(await ledgerTotals(t, row!.currencies, row!.currencyIds));
      }
    });

    it('serves a user only their own leaves, and answers for another snapshot as for a missing one', async () => {
      const t = app();
      const admin = await adminUser(t);
      const a = await registerUser(t);
      const snap = await snapshotNow(t, admin.token);
      const b = await registerUser(t);
      // b joined after the snapshot: no leaf of theirs, so the reply is that of a missing record.
      const missing = { type: 'error', message: expect.any(String) };
      expect(await mine(t, b.token, snap.id)).toEqual(missing);
      expect(await mine(t, b.token, snap.id + 10_000)).toEqual(await mine(t, b.token, snap.id));
      // Naming another user changes nothing: the reply is the caller's own leaves.
      const asA = okOf(
        proof.proofMine,
        (await t.call(proof.proofMine, { id: snap.id, user_id: b.user.id }, { token: a.token })).body,
      );
      const aHash = Buffer.from(userHashOf(sha256, a.user.id)).toString('hex');
      expect(asA.proofs.every((p) => p.leaf.user_hash === aHash)).toBe(true);
      expect((await t.call(proof.proofMine, { id: snap.id })).body.type).toBe('999');
      expect((await callWithKey(t, proof.adminProofSnapshot, {}, { token: a.token })).status).toBe(403);
    });

    it('refuses bad snapshot ids as field errors', async () => {
      const t = app();
      const user = await registerUser(t);
      for (const id of ['0', '-1', 'abc', '1.5', String(2 ** 31), '']) {
        const res = await t.call(proof.proofSnapshot, { id, lang: 'en' });
        expect(res.body.type).toBe('error');
        expect((await t.call(proof.proofMine, { id }, { token: user.token })).body.type).toBe('error');
      }
      expect(await t.call(proof.proofSnapshots, { page: 0 })).toMatchObject({ body: { type: 'error' } });
      expect((await t.call(proof.proofSnapshot, { id: 2 ** 31 - 1, lang: 'en' })).body).toEqual({
        type: 'error',
        message: 'The record does not exist',
      });
    });

    it('documents its endpoints in the OpenAPI document', async () => {
      const t = app();
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      for (const e of [proof.proofSnapshots, proof.proofSnapshot, proof.proofMine, proof.adminProofSnapshot]) {
        expect(Object.keys(doc.paths)).toContain(`/api${e.path}`);
      }
    });

    it('reads one consistent instant while users move funds between their accounts', async () => {
      const t = app();
      const admin = await adminUser(t);
      const users = await Promise.all([1, 2, 3].map(() => registerUser(t)));
      const move = (token: string, from: string, to: string) =>
        callWithKey(
          t,
          wallet.walletChange,
          { currency_id: 3, number: '2500', from_field: from, to_field: to },
          { token, key: moveKey() },
        );
      const moves = users.flatMap((u) => [
        move(u.token, 'legal', 'change'),
        move(u.token, 'legal', 'lever'),
        move(u.token, 'legal', 'micro'),
        move(u.token, 'change', 'legal'),
      ]);
      const [snap] = await Promise.all([snapshotNow(t, admin.token), ...moves]);
      // Each user's total stays 10,000 USDT whatever was moved: a torn read would show otherwise.
      for (const u of users) {
        const got = okOf(proof.proofMine, await mine(t, u.token, snap.id));
        expect(leafTotals(got.proofs as InclusionProof[])[snap.currencies.indexOf('USDT')]).toBe('10000');
      }
    });

    it('takes the daily snapshot once a UTC day, at the first minute after midnight', async () => {
      const t = app();
      await registerUser(t);
      const day = Math.floor(Date.UTC(2032, 4, 1) / DAY);
      t.clock.set(new Date(day * DAY + HOUR));
      await t.app.ctx.scheduler.runDue();
      t.clock.set(new Date(day * DAY + 2 * HOUR));
      await t.app.ctx.scheduler.runDue();
      const daily = await t.app.ctx.db.select().from(proofSnapshots).where(eq(proofSnapshots.day, day));
      expect(daily.map((d) => d.trigger)).toEqual(['daily']);
    });
  },
  walletAppOptions,
);
