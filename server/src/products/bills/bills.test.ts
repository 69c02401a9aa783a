import Papa from 'papaparse';
import { expect, it } from 'vitest';
import * as admin from '@contract/admin';
import * as bill from '@contract/bill';
import { chargeReq } from '@contract/fund';
import * as wallet from '@contract/wallet';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { HOUR } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser, call, ok, uploadImage } from '../../testing/fund';
import { callWithKey, okOf, walletAppOptions } from '../../testing/wallet';
import { billsCsv, FORMULA_LEADING } from './csv';

const error = (message: unknown) => ({ type: 'error', message });

describeEachDatabase(
  'bills',
  ({ app }) => {
    const as = (token: string) => ({ token, lang: 'en' });
    const list = async (t: TestApp, token: string, filter: Record<string, unknown> = {}) =>
      okOf(bill.billList, (await t.call(bill.billList, { limit: 100, ...filter }, as(token))).body);
    const exportCsv = async (t: TestApp, token: string, filter: Record<string, unknown> = {}) =>
      okOf(bill.billExport, (await t.call(bill.billExport, filter, as(token))).body);
    /** A recharge approved with the admin's note as the ledger reason. */
    const approved = async (t: TestApp, adminToken: string, token: string, amount: string, reason: string) => {
      const voucher = await uploadImage(t, token);
      const form = { currency: 'USDT', amount, voucher, account: 'legal' };
      const r = await ok<{ id: number }>(call(t, chargeReq, form, { token }));
      await ok(call(t, admin.reviewRecharge, { id: r.id, action: 'approve', reason }, { token: adminToken }));
    };

    it('lists every movement of the user, newest first, filtered by type, currency and time', async () => {
      const t = app();
      const a = await adminUser(t);
      const u = await registerUser(t);
      const start = t.clock.now().getTime();
      t.clock.advance(HOUR);
      await approved(t, a.token, u.token, '100', 'first');
      t.clock.advance(HOUR);
      const middle = t.clock.now().getTime();
      const move = { currency_id: 3, number: '25', from_field: 'legal', to_field: 'lever' };
      okOf(
        wallet.walletChange,
        (await callWithKey(t, wallet.walletChange, move, { token: u.token, key: 'bill-move-1' })).body,
      );
      const all = await list(t, u.token);
      // Demo funds (3 currencies), the recharge, and the transfer's two entries.
      expect(all.data.map((r) => r.kind)).toEqual([
        'transfer',
        'transfer',
        'deposit',
        'demo_credit',
        'demo_credit',
        'demo_credit',
      ]);
      expect((await list(t, u.token, { type: 'recharge' })).data).toEqual([
        expect.objectContaining({ kind: 'deposit', amount: '100', reason: 'first' }),
      ]);
      expect((await list(t, u.token, { type: 'transfer', currency: 3 })).total).toBe(2);
      expect((await list(t, u.token, { currency: 1 })).data.map((r) => r.currency_name)).toEqual(['BTC']);
      expect((await list(t, u.token, { from: middle })).data.map((r) => r.kind)).toEqual(['transfer', 'transfer']);
      expect((await list(t, u.token, { from: start, to: middle })).data.map((r) => r.kind)).toEqual(['deposit']);
      // Paging: one a page, "no more data" from the last page.
      const p1 = await list(t, u.token, { limit: 4 });
      const p2 = await list(t, u.token, { limit: 4, page: 2 });
      expect([p1.current_page, p1.last_page, p2.current_page, p2.data.length]).toEqual([1, 2, 2, 2]);
      // Only the caller's own entries: another user sees theirs.
      const other = await registerUser(t);
      expect((await list(t, other.token)).data.map((r) => r.kind)).toEqual([
        'demo_credit',
        'demo_credit',
        'demo_credit',
      ]);
    });

    it('refuses bad filters', async () => {
      const t = app();
      const u = await registerUser(t);
      const reply = (filter: Record<string, unknown>) => t.call(bill.billList, filter, as(u.token));
      expect((await reply({ type: 'gifts' })).body).toEqual(error('Type is invalid'));
      expect((await reply({ currency: 'x' })).body).toEqual(error('Currency is invalid'));
      expect((await reply({ from: -1 })).body.type).toBe('error');
      expect((await reply({ from: 2000, to: 1000 })).body.type).toBe('error');
      expect((await t.call(bill.billExport, { to: 'soon' }, as(u.token))).body.type).toBe('error');
      expect((await t.call(bill.billList, {}, { lang: 'en' })).body.type).toBe('999');
    });

    it('exports CSV with commas, quotes and line breaks quoted and formula-leading text neutralised', async () => {
      const t = app();
      const a = await adminUser(t);
      const u = await registerUser(t);
      const notes = ['=HYPERLINK("http://x","y")', '+1, "two"', '-2+3', '@SUM(A1)', 'line one\nline two'];
      for (const [i, note] of notes.entries()) await approved(t, a.token, u.token, String(100 + i), note);
      const out = await exportCsv(t, u.token, { type: 'recharge' });
      expect(out).toMatchObject({ rows: 5, truncated: false });
      expect(out.filename).toMatch(/^bills-\d{8}-\d{8}\.csv$/);
      expect(
        out.csv.startsWith('\uFEFFid,time_utc,type,kind,currency,account,bucket,amount,balance_after,reason\r\n'),
      ).toBe(true);
      expect(out.csv).toContain(`,"'=HYPERLINK(""http://x"",""y"")"`);
      expect(out.csv).toContain(`,"'+1, ""two"""`);
      expect(out.csv).toContain(`,"'-2+3"`);
      expect(out.csv).toContain(`,"'@SUM(A1)"`);
      expect(out.csv).toContain(`,"line one\nline two"`);
      // A spreadsheet reads it back to the same cells, the neutralised ones behind a quote.
      const parsed = Papa.parse<string[]>(out.csv.slice(1), { newline: '\r\n' }).data.filter((r) => r.length > 1);
      expect(parsed.slice(1).map((r) => r[9])).toEqual([
        'line one\nline two',
        "'@SUM(A1)",
        "'-2+3",
        `'+1, "two"`,
        `'=HYPERLINK("http://x","y")`,
      ]);
      expect(parsed.slice(1).map((r) => r[7])).toEqual(['104', '103', '102', '101', '100']);
      // The other user's export holds none of these.
      const other = await registerUser(t);
      expect((await exportCsv(t, other.token, { type: 'recharge' })).rows).toBe(0);
    });
  },
  walletAppOptions,
);

it('keeps negative amounts numeric and neutralises only text', async () => {
  expect(FORMULA_LEADING.test('-12.5')).toBe(false);
  expect(FORMULA_LEADING.test('-12.5e3')).toBe(true);
  expect(FORMULA_LEADING.test('\tcmd')).toBe(true);
  const row = {
    id: 1,
    currency: 3,
    currency_name: 'USDT',
    type: 'legal' as const,
    bucket: 'available' as const,
    amount: '-12.5',
    balance_after: '0',
    kind: 'withdrawal' as const,
    reason: '-cmd|calc',
    demo: false,
    created_at: '2030-01-01T00:00:00.000Z',
  };
  const csv = await billsCsv([row], () => 'withdrawal');
  expect(csv.split('\r\n')[1]).toBe(
    `1,2030-01-01T00:00:00.000Z,withdrawal,withdrawal,USDT,legal,available,-12.5,0,"'-cmd|calc"`,
  );
});
