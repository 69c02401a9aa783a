import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import * as admin from '@contract/admin';
import * as auth from '@contract/auth';
import type { Endpoint, RequestOf } from '@contract/define';
import * as fund from '@contract/fund';
import * as identity from '@contract/identity';
import type { Reply, TestApp } from './app';
import { PASSWORD, registerUser, uniqueMobile } from './accounts';
import { MINUTE } from './clock';
import { latestCode } from './mailbox';
import { multipartBody } from './multipart';
import { createAdmin } from '../admin/create';

/** Test helpers for recharge, withdrawal, identity and review, all through the real endpoints. */

export interface As {
  token?: string;
  /** `Idempotency-Key`; money-moving calls get a fresh one unless a test names it. */
  key?: string | null;
  lang?: string;
}

/** Calls an endpoint the way the PWA does, with `Idempotency-Key` on POSTs. */
export async function call<E extends Endpoint>(
  t: TestApp,
  endpoint: E,
  data: RequestOf<E> | Record<string, unknown>,
  as: As = {},
): Promise<Reply> {
  const fields = Object.entries({ ...(data as Record<string, unknown>), ...(as.lang ? { lang: as.lang } : {}) }).filter(
    ([, v]) => v !== undefined,
  );
  const form = new URLSearchParams(fields.map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = as.token ? { authorization: as.token } : {};
  const key = as.key === undefined ? randomUUID() : as.key;
  if (key !== null && endpoint.method === 'POST') headers['idempotency-key'] = key;
  const url = `/api${endpoint.path}`;
  const res =
    endpoint.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: `${url}?${form}`, headers, remoteAddress: t.ip })
      : await t.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
          remoteAddress: t.ip,
        });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

/** The `message` of an ok reply; anything else fails the test with the reply. */
export async function ok<T = Record<string, unknown>>(reply: Promise<Reply> | Reply): Promise<T> {
  const r = await reply;
  if (r.body.type !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(r.body)}`);
  return r.body.message as T;
}

let png: Promise<Buffer> | undefined;

export async function uploadImage(t: TestApp, token: string): Promise<string> {
  png ??= sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
  const body = multipartBody({
    files: [{ name: 'file', filename: 'v.png', contentType: 'image/png', data: await png }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, authorization: token },
    payload: body.payload,
    remoteAddress: t.ip,
  });
  const reply = res.json() as { type: string; message: unknown };
  if (reply.type !== 'ok') throw new Error(`upload failed: ${JSON.stringify(reply)}`);
  const m = reply.message;
  return typeof m === 'string' ? m : (m as { url: string }).url;
}

export async function bindMobile(t: TestApp, token: string): Promise<string> {
  const mobile = uniqueMobile();
  await ok(call(t, auth.sendSms, { area_code: '66', mobile }, { token }));
  const code = await latestCode(t.app.ctx.db, `+66${mobile}`);
  await ok(call(t, identity.bindMobile, { area_code: '66', mobile, code }, { token }));
  t.clock.advance(MINUTE);
  return mobile;
}

/** An account registered by mobile number: no email bound. */
export async function registerByMobile(t: TestApp) {
  const mobile = uniqueMobile();
  await ok(call(t, auth.sendCode, { user_string: mobile, type: 'mobile', area_code: '66' }));
  const code = await latestCode(t.app.ctx.db, `+66${mobile}`);
  const form = {
    user_string: mobile,
    type: 'mobile',
    area_code: '66',
    code,
    password: PASSWORD,
    re_password: PASSWORD,
  };
  const reg = await ok<{ token: string; user: auth.User }>(call(t, auth.register, form));
  t.clock.advance(MINUTE);
  return { ...reg, mobile };
}

export async function adminUser(t: TestApp) {
  const u = await registerUser(t);
  await createAdmin(t.app.ctx.db, u.email, t.clock.now());
  return u;
}

/** A user with email and mobile bound, certified to `level` through review by `adminToken`. */
export async function verifiedUser(t: TestApp, adminToken: string, level: 0 | 1 | 2 = 1) {
  const u = await registerUser(t);
  await bindMobile(t, u.token);
  if (level >= 1)
    await certify(t, adminToken, u.token, { real_type: '1', id_type: '2', name: 'Ada Lovelace', card_id: 'P1234567' });
  if (level >= 2) {
    const pics = {
      front_pic: await uploadImage(t, u.token),
      reverse_pic: await uploadImage(t, u.token),
      hand_pic: await uploadImage(t, u.token),
    };
    await certify(t, adminToken, u.token, { real_type: '2', ...pics });
  }
  return u;
}

async function certify(t: TestApp, adminToken: string, token: string, form: Record<string, string>) {
  await ok(call(t, identity.submitReal, form, { token }));
  const queue = await ok<{ data: { id: number }[] }>(
    call(t, admin.listIdentity, { limit: 100 }, { token: adminToken }),
  );
  const id = queue.data.at(-1)!.id;
  await ok(call(t, admin.reviewIdentity, { id, action: 'approve' }, { token: adminToken }));
}

/** Credits a user through a reviewed recharge (the only way money enters in these tests). */
export async function deposit(
  t: TestApp,
  adminToken: string,
  token: string,
  currency: string,
  amount: string,
  account = 'change',
) {
  const voucher = await uploadImage(t, token);
  const r = await ok<{ id: number }>(call(t, fund.chargeReq, { currency, amount, voucher, account }, { token }));
  await ok(call(t, admin.reviewRecharge, { id: r.id, action: 'approve' }, { token: adminToken }));
  return r.id;
}

export const PAY_PASSWORD = 'pay-secret-9';

export async function setPayPassword(t: TestApp, token: string, email: string, pay = PAY_PASSWORD) {
  await ok(call(t, auth.sendCode, { user_string: email, type: 'email', scene: 'security' }, { token }));
  const code = await latestCode(t.app.ctx.db, email);
  await ok(call(t, fund.payPassword, { pay_password: pay, re_pay_password: pay, code }, { token }));
  t.clock.advance(MINUTE);
}

/** Real mainnet addresses with valid checksums. */
export const ADDRESSES = {
  BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
};

export const CARD = {
  aba_number: '021000021',
  real_name: 'Ada Lovelace',
  card_number: '4000123412344321',
  province_city: 'New York, NY',
  bank_name: 'Example Bank',
  bank_branch: 'Fifth Avenue',
  swift_code: 'EXBKUS33',
  phone: '2125550100',
  holder_address: '1 Example Street, New York',
};

export const IBAN = {
  account_number: 'DE89370400440532010000',
  bank_address: 'Taunusanlage 12, Frankfurt',
  swift_code: 'DEUTDEFF',
  payee_name: 'Ada Lovelace',
  street_address: '1 Example Street',
  city: 'Berlin',
  country: 'Germany',
};
