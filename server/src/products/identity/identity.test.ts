import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as auth from '@contract/auth';
import * as identity from '@contract/identity';
import { auditLog, users } from '../../db/schema/index';
import { translate } from '../../i18n';
import type { TestApp } from '../../testing/app';
import { registerUser, uniqueEmail } from '../../testing/accounts';
import { MINUTE } from '../../testing/clock';
import { latestCode } from '../../testing/mailbox';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser, bindMobile, call, ok, registerByMobile, uploadImage } from '../../testing/fund';

const en = (key: string, values: Record<string, string | number> = {}) => translate('en', key, values);
const LEVEL1 = { real_type: '1', id_type: '1', name: 'Grace Hopper', card_id: 'A12345678' };

type State = {
  level: number;
  real_state: string;
  level1: { state: string; reason: string; card_id: string };
  level2: { state: string };
  withdraw_limit_btc: string;
};

async function pending(t: TestApp, token: string) {
  const q = await ok<{ data: { id: number; user_id: number; real_type: number }[] }>(
    call(t, admin.listIdentity, { limit: 100 }, { token }),
  );
  return q.data;
}

describeEachDatabase('identity verification', ({ app, database }) => {
  it('goes level 1 -> review -> certified -> level 2 -> certified, raising the withdrawal limit', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    await bindMobile(t, u.token);
    const state = () => ok<State>(call(t, identity.realState, {}, { token: u.token }));
    expect(await state()).toMatchObject({
      level: 0,
      real_state: 'none',
      level1: { state: 'none' },
      withdraw_limit_btc: '0',
    });

    expect(await ok(call(t, identity.submitReal, LEVEL1, { token: u.token }))).toEqual({
      real_type: 1,
      state: 'review',
    });
    expect(await state()).toMatchObject({
      level: 0,
      real_state: 'review',
      level1: { state: 'review', card_id: 'A1*****78' },
    });
    const twice = await call(t, identity.submitReal, LEVEL1, { token: u.token, lang: 'en' });
    expect(twice.body).toEqual({ type: 'error', message: en('real_under_review') });
    const early = await call(
      t,
      identity.submitReal,
      { real_type: '2', front_pic: 'x', reverse_pic: 'y', hand_pic: 'z' },
      { token: u.token, lang: 'en' },
    );
    expect(early.body).toEqual({ type: '998', message: en('real_level1_first') });

    const [sub] = (await pending(t, boss.token)).filter((s) => s.user_id === u.user.id);
    expect(sub).toMatchObject({ real_type: 1 });
    const decided = await ok<{ state: string; name: string }>(
      call(t, admin.reviewIdentity, { id: sub!.id, action: 'approve' }, { token: boss.token }),
    );
    expect(decided).toMatchObject({ state: 'certified', name: 'Grace Hopper' });
    expect(await state()).toMatchObject({
      level: 1,
      real_state: 'certified',
      level1: { state: 'certified' },
      withdraw_limit_btc: '200',
    });
    expect((await ok<auth.User>(call(t, auth.userInfo, {}, { token: u.token }))).level).toBe(1);
    const again = await call(t, identity.submitReal, LEVEL1, { token: u.token, lang: 'en' });
    expect(again.body.message).toBe(en('real_already_certified'));

    const pics = {
      front_pic: await uploadImage(t, u.token),
      reverse_pic: await uploadImage(t, u.token),
      hand_pic: await uploadImage(t, u.token),
    };
    await ok(call(t, identity.submitReal, { real_type: '2', ...pics }, { token: u.token }));
    expect(await state()).toMatchObject({ level: 1, real_state: 'review', level2: { state: 'review' } });
    const [sub2] = (await pending(t, boss.token)).filter((s) => s.user_id === u.user.id);
    await ok(call(t, admin.reviewIdentity, { id: sub2!.id, action: 'approve' }, { token: boss.token }));
    expect(await state()).toMatchObject({
      level: 2,
      real_state: 'certified',
      level2: { state: 'certified' },
      withdraw_limit_btc: '500',
    });

    const audits = await database().db.select().from(auditLog).where(eq(auditLog.entity, 'identity'));
    const first = audits.find((a) => a.entityId === sub!.id);
    expect(first).toMatchObject({ adminId: boss.user.id, action: 'identity.approve' });
    expect(first?.before).toMatchObject({ level: 0, submission: { state: 'review' } });
    expect(first?.after).toMatchObject({ level: 1, submission: { state: 'certified' } });
  });

  it('a failed submission shows the reason and may be submitted again', async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    await bindMobile(t, u.token);
    await ok(call(t, identity.submitReal, LEVEL1, { token: u.token }));
    const [sub] = (await pending(t, boss.token)).filter((s) => s.user_id === u.user.id);
    await ok(
      call(
        t,
        admin.reviewIdentity,
        { id: sub!.id, action: 'reject', reason: 'document unreadable' },
        { token: boss.token },
      ),
    );
    const s = await ok<State>(call(t, identity.realState, {}, { token: u.token }));
    expect(s).toMatchObject({
      level: 0,
      real_state: 'failed',
      level1: { state: 'failed', reason: 'document unreadable' },
    });
    expect(await ok(call(t, identity.submitReal, LEVEL1, { token: u.token }))).toEqual({
      real_type: 1,
      state: 'review',
    });
  });

  it('needs both a bound email (997) and a bound mobile before submitting', async () => {
    const t = app();
    const u = await registerUser(t);
    const noMobile = await call(t, identity.submitReal, LEVEL1, { token: u.token, lang: 'en' });
    expect(noMobile.body).toEqual({ type: 'error', message: en('mobile_required') });
    const m = await registerByMobile(t);
    const noEmail = await call(t, identity.submitReal, LEVEL1, { token: m.token, lang: 'en' });
    expect(noEmail.body).toEqual({ type: '997', message: en('email_required') });
  });

  it("refuses missing fields, unknown types and pictures that are not the user's", async () => {
    const t = app();
    const boss = await adminUser(t);
    const u = await registerUser(t);
    await bindMobile(t, u.token);
    const submit = (data: Record<string, unknown>) =>
      call(t, identity.submitReal, data, { token: u.token, lang: 'en' });
    expect((await submit({ ...LEVEL1, name: undefined })).body.message).toBe(en('field_required', { field: 'name' }));
    expect((await submit({ ...LEVEL1, card_id: 'no spaces!' })).body.message).toBe(
      en('field_invalid', { field: 'card_id' }),
    );
    expect((await submit({ ...LEVEL1, id_type: '9' })).body.message).toBe(en('field_invalid', { field: 'id_type' }));
    expect((await submit({ ...LEVEL1, real_type: '3' })).body.message).toBe(
      en('field_invalid', { field: 'real_type' }),
    );
    await ok(submit(LEVEL1));
    const [sub] = (await pending(t, boss.token)).filter((s) => s.user_id === u.user.id);
    await ok(call(t, admin.reviewIdentity, { id: sub!.id, action: 'approve' }, { token: boss.token }));
    const other = await registerUser(t);
    const mine = await uploadImage(t, u.token);
    const theirs = await uploadImage(t, other.token);
    expect((await submit({ real_type: '2', front_pic: mine, reverse_pic: mine })).body.message).toBe(
      en('field_required', { field: 'hand_pic' }),
    );
    expect((await submit({ real_type: '2', front_pic: mine, reverse_pic: mine, hand_pic: theirs })).body.message).toBe(
      en('upload_not_found'),
    );
  });

  it('binds an email with a bind_email code, and a mobile number once', async () => {
    const t = app();
    const m = await registerByMobile(t);
    const email = uniqueEmail();
    await ok(call(t, auth.sendCode, { user_string: email, type: 'email', scene: 'bind_email' }));
    const code = await latestCode(database().db, email);
    const wrong = await call(
      t,
      identity.bindEmail,
      { email, code: code === '000000' ? '111111' : '000000' },
      { token: m.token, lang: 'en' },
    );
    expect(wrong.body.message).toBe(en('code_wrong'));
    await ok(call(t, identity.bindEmail, { email, code }, { token: m.token }));
    const [row] = await database().db.select().from(users).where(eq(users.id, m.user.id));
    expect(row?.email).toBe(email);
    const twice = await call(t, identity.bindEmail, { email: uniqueEmail(), code }, { token: m.token, lang: 'en' });
    expect(twice.body.message).toBe(en('email_already_bound'));
    const mobileTwice = await call(
      t,
      identity.bindMobile,
      { area_code: '66', mobile: m.mobile, code },
      { token: m.token, lang: 'en' },
    );
    expect(mobileTwice.body.message).toBe(en('mobile_already_bound'));

    t.clock.advance(MINUTE);
    const taken = await call(
      t,
      identity.bindEmail,
      { email, code },
      { token: (await registerByMobile(t)).token, lang: 'en' },
    );
    expect(taken.body.message).toBe(en('account_exists'));
  });

  // The signed-in row is read before the binding, so parallel bindings all found none bound and
  // the last one replaced the first: a changed email without the pause's notice.
  it('of a burst binding different emails, one binds and none replaces it', async () => {
    const t = app();
    const m = await registerByMobile(t);
    const emails = Array.from({ length: 6 }, () => uniqueEmail());
    const codes: string[] = [];
    for (const email of emails) {
      await ok(call(t, auth.sendCode, { user_string: email, type: 'email', scene: 'bind_email' }));
      codes.push(await latestCode(database().db, email));
    }
    const replies = await Promise.all(
      emails.map((email, i) => call(t, identity.bindEmail, { email, code: codes[i]! }, { token: m.token, lang: 'en' })),
    );
    const bound = replies.flatMap((r, i) => (r.body.type === 'ok' ? [emails[i]] : []));
    expect(bound).toHaveLength(1);
    expect(replies.filter((r) => r.body.message === en('email_already_bound'))).toHaveLength(5);
    const [row] = await database().db.select().from(users).where(eq(users.id, m.user.id));
    expect(row).toMatchObject({ email: bound[0], securityChangedAt: null });
  });
});
