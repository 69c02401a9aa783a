import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as loans from '@contract/loans';
import { auditLog } from '../../db/schema/index';
import { createAdmin } from '../../admin/create';
import { registerUser } from '../../testing/accounts';
import { adminUser, call } from '../../testing/fund';
import { deposit } from '../../testing/ledger';
import type { TestApp } from '../../testing/app';
import { describeEachDatabase } from '../../testing/suite';
import { pushFeed, tick } from '../../testing/trade';
import { okOf } from '../../testing/wallet';

let feed = pushFeed();
const BTC = 1;

describeEachDatabase(
  'loan terms in the console',
  ({ app, database }) => {
    const btc = async (t: TestApp, token: string) => {
      const list = okOf(loans.adminLoanTerms, (await call(t, loans.adminLoanTerms, {}, { token })).body);
      return list.find((x) => x.collateral_currency_id === BTC)!;
    };
    const form = (id: number, over: Record<string, unknown> = {}) => ({
      id,
      initial_ltv: '0.5',
      margin_call_ltv: '0.7',
      liquidation_ltv: '0.85',
      hourly_rate: '0.00001',
      min_amount: '200',
      max_amount: '100000',
      terms: '30, 7,0',
      status: 1,
      ...over,
    });

    it('saves the terms with an audit row; new loans take them, a loan taken keeps its own', async () => {
      const t = app();
      await tick(t, feed, 'BTC/USDT', '50000');
      const admin = await adminUser(t);
      const before = await btc(t, admin.token);
      expect(before).toMatchObject({ initial_ltv: '0.65', status: 1 });
      const u = await registerUser(t);
      await deposit(t.app.ctx.db, u.user.id, BTC, '1', 'change');
      const taken = okOf(
        loans.loanBorrow,
        (
          await call(
            t,
            loans.loanBorrow,
            { terms_id: before.id, amount: '6500', collateral: '0.2', term: 14 },
            { token: u.token },
          )
        ).body,
      );

      const saved = await call(t, loans.adminLoanTermsSave, form(before.id), { token: admin.token });
      expect(okOf(loans.adminLoanTermsSave, saved.body)).toMatchObject({
        initial_ltv: '0.5',
        margin_call_ltv: '0.7',
        liquidation_ltv: '0.85',
        hourly_rate: '0.00001',
        daily_rate: '0.00024',
        min_amount: '200',
        max_amount: '100000',
        terms: [7, 30, 0],
        status: 1,
      });
      const published = okOf(loans.loanTerms, (await t.call(loans.loanTerms, {})).body);
      expect(published.find((x) => x.id === before.id)).toMatchObject({ initial_ltv: '0.5', terms: [7, 30, 0] });
      // 14 days is no longer offered; 6,500 against 0.2 BTC at 50,000 is 65 %, above the new 50 %.
      const refused = await call(
        t,
        loans.loanBorrow,
        { terms_id: before.id, amount: '6500', collateral: '0.2', term: 14 },
        { token: u.token },
      );
      expect(refused.body).toMatchObject({ type: 'error' });
      const loan = okOf(loans.loanDetail, (await t.call(loans.loanDetail, { id: taken.id }, { token: u.token })).body);
      expect(loan).toMatchObject({
        initial_ltv: '0.65',
        liquidation_ltv: '0.9',
        hourly_rate: '0.000005',
        term_days: 14,
      });

      const rows = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'loan_terms'), eq(auditLog.entityId, before.id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'loan_terms.update', adminId: admin.user.id });
      expect(rows[0]!.before).toMatchObject({ initialLtv: expect.stringMatching(/^0\.65/) });
      expect(rows[0]!.after).toMatchObject({ initialLtv: expect.stringMatching(/^0\.5/) });

      // Withdrawn terms leave the published list but stay in the console.
      await call(t, loans.adminLoanTermsSave, form(before.id, { status: 0 }), { token: admin.token });
      const open = okOf(loans.loanTerms, (await t.call(loans.loanTerms, {})).body);
      expect(open.some((x) => x.id === before.id)).toBe(false);
      expect(await btc(t, admin.token)).toMatchObject({ status: 0 });
      // Put the demo terms back for the other tests.
      await call(
        t,
        loans.adminLoanTermsSave,
        form(before.id, {
          initial_ltv: '0.65',
          margin_call_ltv: '0.8',
          liquidation_ltv: '0.9',
          hourly_rate: '0.000005',
          min_amount: '100',
          max_amount: '500000',
          terms: '7,14,30,0',
        }),
        { token: admin.token },
      );
    });

    it('refuses bad input and changes nothing', async () => {
      const t = app();
      const admin = await adminUser(t);
      const before = await btc(t, admin.token);
      const audited = async () =>
        (await database().db.select().from(auditLog).where(eq(auditLog.entity, 'loan_terms'))).length;
      const auditedBefore = await audited();
      const bad: Record<string, unknown>[] = [
        { margin_call_ltv: '0.5' },
        { liquidation_ltv: '0.6' },
        { liquidation_ltv: '1' },
        { initial_ltv: '0' },
        { hourly_rate: '0.02' },
        { hourly_rate: '-0.001' },
        { min_amount: '200000' },
        { terms: '5' },
        { terms: '' },
        { terms: '7,x' },
        { status: 2 },
        { initial_ltv: undefined },
      ];
      for (const over of bad) {
        const r = await call(t, loans.adminLoanTermsSave, form(before.id, over), { token: admin.token });
        expect(r.body, JSON.stringify(over)).toMatchObject({ type: 'error' });
      }
      const missing = await call(t, loans.adminLoanTermsSave, form(99_999), { token: admin.token });
      expect(missing.body).toMatchObject({ type: 'error' });
      expect(await btc(t, admin.token)).toEqual(before);
      expect(await audited()).toBe(auditedBefore);
    });

    it('refuses users and support staff', async () => {
      const t = app();
      const admin = await adminUser(t);
      const before = await btc(t, admin.token);
      const user = await registerUser(t);
      const helper = await registerUser(t);
      await createAdmin(t.app.ctx.db, helper.email, t.clock.now(), 'support');
      for (const token of [user.token, helper.token]) {
        expect((await call(t, loans.adminLoanTerms, {}, { token })).status).toBe(403);
        expect((await call(t, loans.adminLoanTermsSave, form(before.id), { token })).status).toBe(403);
      }
      expect((await call(t, loans.adminLoanTermsSave, form(before.id), {})).body).toMatchObject({ type: '999' });
      expect(await btc(t, admin.token)).toEqual(before);
    });
  },
  () => {
    feed = pushFeed();
    return { market: { manual: true, feed } };
  },
);
