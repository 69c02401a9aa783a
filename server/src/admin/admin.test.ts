import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as auth from '@contract/auth';
import * as fund from '@contract/fund';
import { auditLog, users } from '../db/schema/index';
import { translate } from '../i18n';
import { registerUser, uniqueEmail } from '../testing/accounts';
import { describeEachDatabase } from '../testing/suite';
import { adminUser, call, deposit, ok, uploadImage } from '../testing/fund';
import { createAdmin } from './create';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);

const ENDPOINTS = [
  [admin.listRecharges, {}],
  [admin.reviewRecharge, { id: 1, action: 'approve' }],
  [admin.listWithdrawals, {}],
  [admin.reviewWithdrawal, { id: 1, action: 'approve' }],
  [admin.listIdentity, {}],
  [admin.reviewIdentity, { id: 1, action: 'approve' }],
  [admin.auditLog, {}],
] as const;

describeEachDatabase('back office', ({ app, database }) => {
  it('is closed to users (403) and to anonymous callers (999)', async () => {
    const t = app();
    const { token } = await registerUser(t);
    for (const [endpoint, data] of ENDPOINTS) {
      const user = await call(t, endpoint, data, { token, lang: 'en' });
      expect(user.status).toBe(403);
      expect(user.body).toEqual({ type: 'error', message: en('admin_only') });
      const anon = await call(t, endpoint, data, { lang: 'en' });
      expect(anon.body.type).toBe('999');
    }
  });

  it('admin:create promotes an account or creates one with a one-time password, audited', async () => {
    const t = app();
    const db = database().db;
    const existing = await registerUser(t);
    const promoted = await createAdmin(db, existing.email.toUpperCase(), t.clock.now());
    expect(promoted).toEqual({ accountNumber: existing.user.account_number });
    const email = uniqueEmail('boss');
    const created = await createAdmin(db, email, t.clock.now());
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const login = await call(t, auth.login, { user_string: email, password: created.password! });
    expect(login.body.type).toBe('ok');
    const rows = await db.select().from(users).where(eq(users.email, email));
    expect(rows[0]?.role).toBe('admin');
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'admin.create'));
    expect(audits.map((a) => a.entityId)).toEqual(expect.arrayContaining([existing.user.id, rows[0]!.id]));
    await expect(createAdmin(db, 'not an email', t.clock.now())).rejects.toThrow();
  });

  it('validates review input and answers unknown ids as not found', async () => {
    const t = app();
    const boss = await adminUser(t);
    const review = (data: Record<string, unknown>) =>
      call(t, admin.reviewRecharge, data, { token: boss.token, lang: 'en' });
    expect((await review({ id: 'abc', action: 'approve' })).body.message).toBe(en('field_invalid', { field: 'id' }));
    expect((await review({ id: '-1', action: 'approve' })).body.message).toBe(en('field_invalid', { field: 'id' }));
    expect((await review({ id: '1', action: 'maybe' })).body.message).toBe(en('field_invalid', { field: 'action' }));
    expect((await review({ id: '999999', action: 'approve' })).body.message).toBe(en('record_not_found'));
    const list = await call(t, admin.listRecharges, { status: 'lost' }, { token: boss.token, lang: 'en' });
    expect(list.body.message).toBe(en('field_invalid', { field: 'status' }));
  });

  it('lists decided requests by status and the audit log newest first; reads any upload', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    const id = await deposit(t, boss.token, u.token, 'USDT', '42');
    const approved = await ok<{ data: { id: number; account_number: string }[] }>(
      call(t, admin.listRecharges, { status: 'approved' }, { token: boss.token }),
    );
    expect(approved.data.find((r) => r.id === id)?.account_number).toBe(u.user.account_number);
    const log = await ok<{ data: { action: string; entity_id: number; admin_id: number }[] }>(
      call(t, admin.auditLog, { limit: 1 }, { token: boss.token }),
    );
    expect(log.data[0]).toMatchObject({ action: 'recharge.approve', entity_id: id, admin_id: boss.user.id });

    const voucher = await uploadImage(t, u.token);
    const name = voucher.split('/').pop()!;
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/upload/${name}`,
      headers: { authorization: boss.token },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/png');
    const asUser = await t.app.inject({
      method: 'GET',
      url: `/api/admin/upload/${name}`,
      headers: { authorization: u.token },
    });
    expect(asUser.statusCode).toBe(403);
    const r = await call(t, fund.rechargeLog, {}, { token: u.token });
    expect((r.body.message as { total: number }).total).toBe(1);
  });

  it('documents the fund, identity and admin endpoints in the OpenAPI document', async () => {
    const t = app();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/wallet/get_info',
      '/api/wallet/charge_req',
      '/api/wallet/out',
      '/api/user/wallet/save',
      '/api/user/real',
      '/api/safe/email',
      '/api/admin/withdraw/review',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    const charge =
      doc.paths['/api/wallet/charge_req'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(Object.keys(charge.properties)).toEqual(expect.arrayContaining(['amount', 'currency', 'voucher']));
  });
});
