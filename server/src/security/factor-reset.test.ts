import { and, asc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as push from '@contract/push';
import type { PushEvent } from '@contract/push';
import * as security from '@contract/security';
import * as sc from '@contract/security-console';
import { auditLog, devMail, notices, passkeys, pushOutbox, totpFactors, users } from '../db/schema/index';
import { factorResets } from '../db/schema/factor-resets';
import { translate } from '../i18n';
import { render } from '../testing/push-texts';
import { registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { DAY, HOUR, MINUTE } from '../testing/clock';
import { adminUser, call, ok } from '../testing/fund';
import { SoftwareAuthenticator } from '../testing/passkey';
import { describeEachDatabase, describeOnOneDatabase } from '../testing/suite';

type Who = Awaited<ReturnType<typeof registerUser>>;
const as = (u: Who) => ({ token: u.token, lang: 'en' });
const en = (key: string) => translate('en', key, {});
const errorOf = async (reply: Promise<{ body: { type: string; message: unknown } }>) => (await reply).body.message;

/** A user with the app and two passkeys, subscribed to push; and two admins. */
async function scene(t: TestApp) {
  const u = await registerUser(t);
  const device = { endpoint: `https://push.example/${u.user.id}`, p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
  await ok(call(t, push.pushSubscribe, { ...device, locale: 'fra' }, as(u)));
  const { secret } = await ok<{ secret: string }>(call(t, security.totpSetup, {}, as(u)));
  const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  await ok(call(t, security.totpConfirm, { code }, as(u)));
  for (const name of ['Laptop', 'Phone']) {
    const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as(u)));
    const credential = JSON.stringify(new SoftwareAuthenticator().register(options));
    await ok(call(t, security.passkeyRegister, { name, credential }, as(u)));
  }
  const a1 = await adminUser(t);
  const a2 = await adminUser(t);
  return { u, a1, a2 };
}

/** The user's notices of resets, oldest first. */
async function toldOf(t: TestApp, u: Who) {
  const rows = await t.app.ctx.db
    .select({ event: notices.event })
    .from(notices)
    .where(and(eq(notices.userId, u.user.id), eq(notices.type, 'security.factor_reset')))
    .orderBy(asc(notices.id));
  return rows.map((n) => n.event as Extract<PushEvent, { type: 'security.factor_reset' }>);
}

const propose = (t: TestApp, by: Who, u: Who, over: Record<string, string> = {}) =>
  call(
    t,
    sc.proposeReset,
    { user_id: u.user.id, totp: '1', passkeys: '1', reason: 'Lost phone, ID checked', ...over },
    as(by),
  );
const decide = (t: TestApp, by: Who, id: number, action = 'approve', reason = '') =>
  call(t, sc.decideReset, { id, action, reason }, as(by));

describeEachDatabase('two-person second-factor reset', ({ app }) => {
  it('is proposed by one admin and applied once by another out of a burst of 8; audited, notified, withdrawals paused', async () => {
    const t = app();
    const { u, a1, a2 } = await scene(t);
    const before = await ok<sc.Protections>(call(t, sc.protections, { id: u.user.id }, as(a2)));
    expect(before.totp.enabled).toBe(true);
    expect(before.passkeys.map((p) => p.name)).toEqual(['Laptop', 'Phone']);

    const proposal = await ok<sc.FactorReset>(propose(t, a1, u));
    expect(proposal).toMatchObject({ state: 'pending', proposed_by: a1.user.id, remove_totp: true });
    // One waiting proposal per user.
    expect(await errorOf(propose(t, a2, u))).toBe(en('reset_pending'));
    // The proposer cannot approve their own proposal.
    expect(await errorOf(decide(t, a1, proposal.id))).toBe(en('reset_own_proposal'));
    t.clock.advance(HOUR);
    const burst = await Promise.all(Array.from({ length: 8 }, () => decide(t, a2, proposal.id)));
    const applied = burst.filter((r) => r.body.type === 'ok');
    expect(applied).toHaveLength(1);
    for (const r of burst.filter((x) => x.body.type !== 'ok')) expect(r.body.message).toBe(en('reset_decided'));
    expect(applied[0]!.body.message).toMatchObject({ state: 'applied', decided_by: a2.user.id });

    const { db } = t.app.ctx;
    expect(await db.select().from(totpFactors).where(eq(totpFactors.userId, u.user.id))).toHaveLength(0);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, u.user.id))).toHaveLength(0);
    const [row] = await db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.securityChangedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const after = await ok<sc.Protections>(call(t, sc.protections, { id: u.user.id }, as(a1)));
    expect(after).toMatchObject({ totp: { enabled: false }, passkeys: [] });
    expect(after.withdraw_paused_until).toBe(new Date(t.clock.now().getTime() + DAY).toISOString());
    expect(after.resets[0]).toMatchObject({ id: proposal.id, state: 'applied' });

    // Every step in the audit log, under the user.
    const audited = await db
      .select({ action: auditLog.action, adminId: auditLog.adminId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, u.user.id)))
      .orderBy(asc(auditLog.id));
    expect(audited).toEqual([
      { action: 'factor_reset.propose', adminId: a1.user.id },
      { action: 'factor_reset.approve', adminId: a2.user.id },
    ]);
    // Told of the proposal and of the reset, once each: inbox, push and mail in the owner's language.
    const proposed = { type: 'security.factor_reset', stage: 'proposed', totp: true, passkeys: 2 } as const;
    const reset = { ...proposed, stage: 'applied' } as const;
    expect(await toldOf(t, u)).toEqual([proposed, reset]);
    const pushes = await db.select().from(pushOutbox).where(eq(pushOutbox.userId, u.user.id));
    expect(pushes.filter((p) => JSON.stringify(p).includes('factor_reset'))).toHaveLength(2);
    const subjects = (await db.select().from(devMail).where(eq(devMail.to, u.email))).map((m) => m.subject);
    for (const event of [proposed, reset]) {
      expect(subjects.filter((s) => s === render(event, 'fra').title)).toHaveLength(1);
    }
    expect(render(reset, 'en').body).toContain('the authenticator app, 2 passkey(s)');
  });

  it('of a burst of 8 proposals for one user, one is made', async () => {
    const t = app();
    const { u, a1, a2 } = await scene(t);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => propose(t, i % 2 ? a1 : a2, u)));
    expect(burst.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    for (const r of burst.filter((x) => x.body.type !== 'ok')) expect(r.body.message).toBe(en('reset_pending'));
    const rows = await t.app.ctx.db.select().from(factorResets).where(eq(factorResets.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect(await toldOf(t, u)).toHaveLength(1);
  });

  it('refuses an expired proposal and a decided one; a rejection applies nothing', async () => {
    const t = app();
    const { u, a1, a2 } = await scene(t);
    const first = await ok<sc.FactorReset>(propose(t, a1, u, { passkeys: '0' }));
    t.clock.advance(sc.FACTOR_RESET_HOURS * HOUR);
    expect(await errorOf(decide(t, a2, first.id))).toBe(en('reset_expired'));
    expect((await ok<sc.Protections>(call(t, sc.protections, { id: u.user.id }, as(a2)))).resets[0]!.state).toBe(
      'expired',
    );
    // Expired: a new proposal may be made; the proposer may withdraw it by rejecting it.
    const second = await ok<sc.FactorReset>(propose(t, a2, u));
    const rejected = await ok<sc.FactorReset>(decide(t, a2, second.id, 'reject', 'Caller failed the checks'));
    expect(rejected.state).toBe('rejected');
    expect((await toldOf(t, u)).map((e) => e.stage)).toEqual(['proposed', 'proposed', 'rejected']);
    expect(await errorOf(decide(t, a1, second.id))).toBe(en('reset_decided'));
    const still = await ok<sc.Protections>(call(t, sc.protections, { id: u.user.id }, as(a1)));
    expect(still.totp.enabled).toBe(true);
    expect(still.passkeys).toHaveLength(2);
  });
});

describeOnOneDatabase('second-factor reset: access and input', ({ app }) => {
  it('shows protections to staff, never a secret; refuses a non-admin, bad input and unknown ids', async () => {
    const t = app();
    const { u, a1, a2 } = await scene(t);
    const view = await ok<sc.Protections>(call(t, sc.protections, { id: u.user.id }, as(a1)));
    const [totp] = await t.app.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, u.user.id));
    const keys = await t.app.ctx.db.select().from(passkeys).where(eq(passkeys.userId, u.user.id));
    const text = JSON.stringify(view);
    for (const secret of [totp!.secretSealed!, ...keys.flatMap((k) => [k.credentialId, k.publicKey])]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(view.passkeys[0]!).sort()).toEqual(['created_at', 'last_used_at', 'name']);

    // A plain user and a support account are refused every admin step; support may look.
    const plain = await registerUser(t);
    const support = await registerUser(t);
    await ok(call(t, admin.setUserRole, { id: support.user.id, role: 'support', reason: 'Help desk' }, as(a1)));
    for (const who of [plain, support]) {
      expect((await propose(t, who, u)).status).toBe(403);
      expect((await call(t, sc.listResets, {}, as(who))).status).toBe(403);
    }
    expect((await call(t, sc.protections, { id: u.user.id }, as(plain))).status).toBe(403);
    expect((await ok<sc.Protections>(call(t, sc.protections, { id: u.user.id }, as(support)))).user_id).toBe(u.user.id);

    // Bad input.
    expect(await errorOf(propose(t, a1, u, { totp: '0', passkeys: '0' }))).toBe(en('reset_nothing'));
    expect((await propose(t, a1, u, { reason: '' })).body.type).toBe('error');
    expect((await propose(t, a1, u, { totp: 'yes' })).body.type).toBe('error');
    expect((await call(t, sc.protections, { id: 'x' }, as(a1))).body.type).toBe('error');
    expect(await errorOf(call(t, sc.protections, { id: 2_000_000_000 }, as(a1)))).toBe(en('record_not_found'));
    expect(await errorOf(propose(t, a1, u, { user_id: '2000000000' }))).toBe(en('record_not_found'));
    // Not one's own account, and nothing to remove from a user without a factor.
    expect(await errorOf(propose(t, a1, a1))).toBe(en('own_account'));
    expect(await errorOf(propose(t, a1, plain))).toBe(en('reset_nothing'));

    const proposal = await ok<sc.FactorReset>(propose(t, a1, u));
    expect((await decide(t, a2, proposal.id, 'reject')).body.type).toBe('error');
    expect((await decide(t, a2, proposal.id, 'maybe')).body.type).toBe('error');
    // Another proposal's id (unknown) is refused, this one untouched.
    expect(await errorOf(decide(t, a2, proposal.id + 1000))).toBe(en('record_not_found'));
    // A proposal about an admin cannot be approved by that admin.
    const onA2 = await ok<sc.FactorReset>(passkeyResetOf(t, a2, a1));
    expect(await errorOf(decide(t, a2, onA2.id))).toBe(en('own_account'));

    const pending = await ok<{ data: sc.FactorReset[] }>(call(t, sc.listResets, {}, as(a2)));
    expect(pending.data.map((r) => r.id).sort()).toEqual([proposal.id, onA2.id].sort());
    t.clock.advance(MINUTE);
    const rows = await t.app.ctx.db.select().from(factorResets).where(eq(factorResets.id, proposal.id));
    expect(rows[0]!.state).toBe('pending');
  });
});

/** Gives `who` a passkey and has `by` propose resetting it. */
async function passkeyResetOf(t: TestApp, who: Who, by: Who) {
  const options = await ok<security.WebAuthnOptions>(call(t, security.passkeyRegisterOptions, {}, as(who)));
  const credential = JSON.stringify(new SoftwareAuthenticator().register(options));
  await ok(call(t, security.passkeyRegister, { name: 'Key', credential }, as(who)));
  return call(t, sc.proposeReset, { user_id: who.user.id, passkeys: '1', reason: 'x' }, as(by));
}
