import { eq } from 'drizzle-orm';
import * as fund from '@contract/fund';
import * as otc from '@contract/otc';
import { users } from '../db/schema/index';
import type { TestApp } from './app';
import { registerUser } from './accounts';
import { adminUser, call, CARD, IBAN, ok, verifiedUser } from './fund';

/** OTC test set-up through the real endpoints (identity levels of takers set directly for speed). */

/** A level-2 merchant, approved by `adminToken`, with both payment methods bound. */
export async function merchant(t: TestApp, adminToken: string) {
  const m = await verifiedUser(t, adminToken, 2);
  await ok(call(t, fund.cashSave, CARD, { token: m.token }));
  await ok(call(t, fund.cashSaveInternational, IBAN, { token: m.token }));
  const application = await ok<{ id: number }>(
    call(t, otc.otcApply, { introduction: 'Fast payer' }, { token: m.token }),
  );
  await ok(call(t, otc.adminOtcReview, { id: application.id, action: 'approve' }, { token: adminToken }));
  return m;
}

/** A user at identity `level` (written directly: the review path is tested in identity's suite). */
export async function taker(t: TestApp, level = 1) {
  const u = await registerUser(t);
  await t.app.ctx.db.update(users).set({ level }).where(eq(users.id, u.user.id));
  return u;
}

export async function staff(t: TestApp) {
  return adminUser(t);
}

export const AD = {
  side: 'sell',
  coin: 'USDT',
  fiat: 'CNY',
  price_type: 'fixed',
  fixed_price: '7.2',
  total: '1000',
  min_qty: '10',
  max_qty: '500',
  methods: 'bank,international',
  window_minutes: 15,
  terms: 'Pay within the window',
};

export async function publish(t: TestApp, token: string, ad: Record<string, unknown> = {}) {
  return ok<otc.Ad>(call(t, otc.otcAdSave, { ...AD, ...ad }, { token }));
}
