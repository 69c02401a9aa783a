import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as auth from '@contract/auth';
import * as fund from '@contract/fund';
import { auditLog } from '../db/schema/index';
import { translate } from '../i18n';
import { PASSWORD, registerUser } from '../testing/accounts';
import type { TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { adminUser, bindMobile, call, ok, uploadImage } from '../testing/fund';
import { createAdmin } from './create';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

type Summary = { id: number; role: string; frozen_reason: string | null; frozen_at: string | null };

async function supportUser(t: TestApp) {
  const u = await registerUser(t);
  await createAdmin(t.app.ctx.db, u.email, t.clock.now(), 'support');
  return u;
}

const auditOf = (t: TestApp, action: string, entityId: number) =>
  t.app.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .then((rows) => rows.filter((r) => r.action === action));

describeEachDatabase('back office: users, roles and system balances', ({ app }) => {
  it('tells the console who is signed in; support reads users and the audit log but changes nothing', async () => {
    const t = app();
    const boss = await adminUser(t);
    const helper = await supportUser(t);
    const u = await registerUser(t);
    expect(await ok(call(t, admin.me, {}, { token: boss.token }))).toMatchObject({ id: boss.user.id, role: 'admin' });
    expect(await ok(call(t, admin.me, {}, { token: helper.token }))).toMatchObject({ role: 'support' });
    const asUser = await call(t, admin.me, {}, { token: u.token, lang: 'en' });
    expect([asUser.status, asUser.body.message]).toEqual([403, en('admin_only')]);

    await ok(call(t, admin.listUsers, {}, { token: helper.token }));
    await ok(call(t, admin.userDetail, { id: u.user.id }, { token: helper.token }));
    await ok(call(t, admin.auditLog, {}, { token: helper.token }));
    await ok(call(t, admin.listIdentity, {}, { token: helper.token }));
    for (const [endpoint, data] of [
      [admin.freezeUser, { id: u.user.id, reason: 'x' }],
      [admin.unfreezeUser, { id: u.user.id, reason: 'x' }],
      [admin.setUserRole, { id: u.user.id, role: 'admin', reason: 'x' }],
      [admin.systemBalances, {}],
      [admin.listRecharges, {}],
      [admin.reviewRecharge, { id: 1, action: 'approve' }],
      [admin.reviewWithdrawal, { id: 1, action: 'approve' }],
    ] as const) {
      const r = await call(t, endpoint, data, { token: helper.token, lang: 'en' });
      expect({ path: endpoint.path, status: r.status, message: r.body.message }).toEqual({
        path: endpoint.path,
        status: 403,
        message: en('admin_only'),
      });
    }
    const user = await call(t, admin.listUsers, {}, { token: u.token });
    expect(user.status).toBe(403);
  });

  it('finds users by account number, email or mobile and shows balances, sessions and identity', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    const mobile = await bindMobile(t, u.token);
    const voucher = await uploadImage(t, u.token);
    const r = await ok<{ id: number }>(
      call(t, fund.chargeReq, { currency: 'USDT', amount: '25', voucher, account: 'change' }, { token: u.token }),
    );
    await ok(call(t, admin.reviewRecharge, { id: r.id, action: 'approve' }, { token: boss.token }));

    for (const q of [u.user.account_number, u.email.toUpperCase().slice(0, 12), mobile.slice(2), `+66${mobile}`]) {
      const page = await ok<{ data: { id: number }[] }>(call(t, admin.listUsers, { q }, { token: boss.token }));
      expect({ q, ids: page.data.map((d) => d.id) }).toEqual({
        q,
        ids: expect.arrayContaining([u.user.id]) as number[],
      });
    }
    const none = await ok<{ data: unknown[]; total: number }>(
      call(t, admin.listUsers, { q: '%_no-such-user_%' }, { token: boss.token }),
    );
    expect(none.total).toBe(0);

    const detail = await ok<{
      user: { account_number: string; real_state: string };
      balances: { currency: string; type: string; available: string }[];
      sessions: { id: number }[];
    }>(call(t, admin.userDetail, { id: u.user.id }, { token: boss.token }));
    expect(detail.user.account_number).toBe(u.user.account_number);
    expect(detail.balances).toContainEqual(
      expect.objectContaining({ currency: 'USDT', type: 'change', available: '25' }),
    );
    expect(detail.sessions.length).toBeGreaterThan(0);

    const system = await ok<{ account: string; currency: string; available: string }[]>(
      call(t, admin.systemBalances, {}, { token: boss.token }),
    );
    expect(system.find((s) => s.account === 'external_deposits' && s.currency === 'USDT')?.available).toMatch(/^-/);
  });

  it('rejects bad input and unknown ids', async () => {
    const t = app();
    const boss = await adminUser(t);
    const as = { token: boss.token, lang: 'en' };
    const msg = async (p: ReturnType<typeof call>) => (await p).body.message;
    expect(await msg(call(t, admin.listUsers, { q: 'x'.repeat(101) }, as))).toBe(en('field_too_long', { field: 'q' }));
    expect(await msg(call(t, admin.listUsers, { frozen: 'maybe' }, as))).toBe(en('field_invalid', { field: 'frozen' }));
    expect(await msg(call(t, admin.userDetail, { id: 'abc' }, as))).toBe(en('field_invalid', { field: 'id' }));
    expect(await msg(call(t, admin.userDetail, { id: 999_999 }, as))).toBe(en('record_not_found'));
    expect(await msg(call(t, admin.freezeUser, { id: 999_999, reason: 'x' }, as))).toBe(en('record_not_found'));
    const u = await registerUser(t);
    expect((await call(t, admin.freezeUser, { id: u.user.id }, as)).body.type).toBe('error');
    expect((await call(t, admin.freezeUser, { id: u.user.id, reason: '  ' }, as)).body.type).toBe('error');
    expect(await msg(call(t, admin.setUserRole, { id: u.user.id, role: 'root', reason: 'x' }, as))).toBe(
      en('field_invalid', { field: 'role' }),
    );
    expect(await msg(call(t, admin.auditLog, { entity: 'DROP TABLE' }, as))).toBe(
      en('field_invalid', { field: 'entity' }),
    );
    expect(await msg(call(t, admin.freezeUser, { id: boss.user.id, reason: 'x' }, as))).toBe(en('own_account'));
    expect(await msg(call(t, admin.setUserRole, { id: boss.user.id, role: 'user', reason: 'x' }, as))).toBe(
      en('own_account'),
    );
  });

  it('a freeze ends the sessions at once, login tells the reason in the user language, and it is audited', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    expect((await call(t, auth.userInfo, {}, { token: u.token })).body.type).toBe('ok');
    const frozen = await ok<Summary>(
      call(t, admin.freezeUser, { id: u.user.id, reason: 'Suspicious deposits' }, { token: boss.token }),
    );
    expect(frozen).toMatchObject({ frozen_reason: 'Suspicious deposits' });
    expect((await call(t, auth.userInfo, {}, { token: u.token })).body.type).toBe('999');
    const login = (lang: string) => call(t, auth.login, { user_string: u.email, password: PASSWORD }, { lang });
    expect((await login('en')).body).toEqual({
      type: 'error',
      message: en('account_frozen', { reason: 'Suspicious deposits' }),
    });
    expect((await login('th')).body.message).toBe(translate('th', 'account_frozen', { reason: 'Suspicious deposits' }));
    const wrong = await call(t, auth.login, { user_string: u.email, password: 'wrong-pass-1' }, { lang: 'en' });
    expect(wrong.body.message).toBe(en('login_failed'));

    const listed = await ok<{ data: { id: number }[] }>(
      call(t, admin.listUsers, { frozen: 'frozen' }, { token: boss.token }),
    );
    expect(listed.data.map((d) => d.id)).toContain(u.user.id);

    await ok(call(t, admin.unfreezeUser, { id: u.user.id, reason: 'Documents checked' }, { token: boss.token }));
    expect((await login('en')).body.type).toBe('ok');
    const again = await call(t, admin.unfreezeUser, { id: u.user.id, reason: 'x' }, { token: boss.token, lang: 'en' });
    expect(again.body.message).toBe(en('not_frozen'));

    const [freeze] = await auditOf(t, 'user.freeze', u.user.id);
    expect(freeze).toMatchObject({
      adminId: boss.user.id,
      reason: 'Suspicious deposits',
      before: { frozen_at: null, frozen_reason: null, role: 'user' },
      after: { frozen_reason: 'Suspicious deposits', role: 'user' },
    });
    expect(await auditOf(t, 'user.unfreeze', u.user.id)).toHaveLength(1);
    const log = await ok<{ data: { action: string; admin_account: string }[] }>(
      call(t, admin.auditLog, { entity: 'user', entity_id: u.user.id }, { token: boss.token }),
    );
    expect(log.data.map((d) => d.action)).toEqual(['user.unfreeze', 'user.freeze']);
    expect(log.data[0]?.admin_account).toBe(boss.user.account_number);
  });

  it('a burst of freezes of one account applies once', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(t, admin.freezeUser, { id: u.user.id, reason: `burst ${i}` }, { token: boss.token, lang: 'en' }),
      ),
    );
    expect(replies.filter((r) => r.body.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.body.message === en('already_frozen'))).toHaveLength(7);
    expect(await auditOf(t, 'user.freeze', u.user.id)).toHaveLength(1);
  });

  it('a burst of approvals of one recharge credits once', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    const voucher = await uploadImage(t, u.token);
    const r = await ok<{ id: number }>(
      call(t, fund.chargeReq, { currency: 'USDT', amount: '10', voucher, account: 'change' }, { token: u.token }),
    );
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, admin.reviewRecharge, { id: r.id, action: 'approve' }, { token: boss.token, lang: 'en' }),
      ),
    );
    expect(replies.filter((x) => x.body.type === 'ok')).toHaveLength(1);
    const detail = await ok<{ balances: { currency: string; type: string; available: string }[] }>(
      call(t, admin.userDetail, { id: u.user.id }, { token: boss.token }),
    );
    expect(detail.balances.filter((x) => x.currency === 'USDT' && x.type === 'change')).toEqual([
      expect.objectContaining({ available: '10' }),
    ]);
    expect(await auditOf(t, 'recharge.approve', r.id)).toHaveLength(1);
  });

  it('roles are changed by admins only, never their own, and take effect at once', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    const before = await call(t, admin.listUsers, {}, { token: u.token });
    expect(before.status).toBe(403);
    await ok(
      call(t, admin.setUserRole, { id: u.user.id, role: 'support', reason: 'Joined support' }, { token: boss.token }),
    );
    await ok(call(t, admin.listUsers, {}, { token: u.token }));
    expect((await call(t, admin.systemBalances, {}, { token: u.token })).status).toBe(403);
    const same = await call(
      t,
      admin.setUserRole,
      { id: u.user.id, role: 'support', reason: 'x' },
      { token: boss.token, lang: 'en' },
    );
    expect(same.body.message).toBe(en('role_unchanged'));
    await ok(call(t, admin.setUserRole, { id: u.user.id, role: 'user', reason: 'Left' }, { token: boss.token }));
    expect((await call(t, admin.listUsers, {}, { token: u.token })).status).toBe(403);
    const audits = await auditOf(t, 'user.role', u.user.id);
    expect(audits.map((a) => [(a.before as Summary).role, (a.after as Summary).role])).toEqual([
      ['user', 'support'],
      ['support', 'user'],
    ]);
  });
});
