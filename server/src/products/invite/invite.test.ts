import { expect, it } from 'vitest';
import * as auth from '@contract/auth';
import * as invite from '@contract/invite';
import { balanceOf, checkInvariants, inTransaction, money, systemBalance } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import type { TestApp } from '../../testing/app';
import { HOUR, MINUTE } from '../../testing/clock';
import { latestCode } from '../../testing/mailbox';
import { describeEachDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { LAG_MS, payPeriod } from './payout';
import { payFuturesFee, paySpotFill, setParent } from '../../testing/invite';

const BTC = 1;
const USDT = 3;

/**
 * Tests of a file share a database and so the scheduler's record: each test moves its clock to
 * hours of its own, later than the previous test's, so the hourly job never sees time go back.
 */
let era = 0;
const ERA_START = Date.UTC(2034, 0, 1);
/** Starts the test's hours: the clock at 10 minutes into an hour of its own, the job caught up. */
async function ownHour(t: TestApp): Promise<number> {
  era += 1;
  const start = ERA_START + era * 10 * HOUR;
  t.clock.set(new Date(start + 10 * MINUTE));
  await t.app.ctx.scheduler.runDue();
  return start;
}
/** Runs the job for the hour that started at `start` (and any hour before it). */
async function payHour(t: TestApp, start: number) {
  t.clock.set(new Date(start + HOUR + MINUTE));
  await t.app.ctx.scheduler.runDue();
}

const available = async (t: TestApp, userId: number, currencyId: number) =>
  money((await balanceOf(t.app.ctx.db, userId, currencyId, 'legal')).available);
const usdt = (t: TestApp, userId: number) => available(t, userId, USDT);
const fees = async (t: TestApp) => money((await systemBalance(t.app.ctx.db, 'fees', USDT)).available);
const records = async (t: TestApp, token: string) =>
  okOf(invite.rebateRecords, (await t.call(invite.rebateRecords, { limit: 100 }, { token })).body);
const totals = async (t: TestApp, token: string) =>
  okOf(invite.rebateTotals, (await t.call(invite.rebateTotals, {}, { token })).body);

/** A registers; B with A's code; C with B's code. */
async function chain(t: TestApp) {
  const a = await registerUser(t);
  const b = await registerUser(t, { extension_code: a.user.extension_code });
  const c = await registerUser(t, { extension_code: b.user.extension_code });
  return { a, b, c };
}

describeEachDatabase('invite and rebate', ({ app }) => {
  it('pays each generation its published share of a referee’s futures fee, once', async () => {
    const t = app();
    const start = await ownHour(t);
    const { a, b, c } = await chain(t);
    const [aBefore, bBefore] = [await usdt(t, a.user.id), await usdt(t, b.user.id)];
    const feesBefore = await fees(t);
    await payFuturesFee(t.app.ctx.db, c.user.id, '10', new Date(start + 20 * MINUTE));
    await payHour(t, start);

    const [first, second] = invite.REBATE_RATES;
    expect(first).toEqual({ generation: 1, rate: '0.2' });
    expect(second).toEqual({ generation: 2, rate: '0.1' });
    expect((await usdt(t, b.user.id)).minus(bBefore).toFixed()).toBe('2');
    expect((await usdt(t, a.user.id)).minus(aBefore).toFixed()).toBe('1');
    // Paid out of the fee accounts: nothing is created.
    expect((await fees(t)).minus(feesBefore).toFixed()).toBe('7');

    const bRecords = await records(t, b.token);
    expect(bRecords.total).toBe(1);
    expect(bRecords.data[0]).toMatchObject({
      currency: 'USDT',
      fee: '10',
      rate: '0.2',
      amount: '2',
      generation: 1,
      source: 'futures',
      period_start: start,
    });
    expect(bRecords.data[0]!.referee).not.toContain(c.email.split('@')[0]);
    expect((await records(t, a.token)).data[0]).toMatchObject({ amount: '1', generation: 2, rate: '0.1' });
    expect(await totals(t, b.token)).toEqual([{ currency_id: USDT, currency: 'USDT', amount: '2' }]);
    // The payer earns nothing from its own fees.
    expect((await records(t, c.token)).total).toBe(0);

    // Another pass, a later hour, and the same period run by hand: nothing is paid twice.
    await payHour(t, start + HOUR);
    expect((await records(t, b.token)).total).toBe(1);
    await expect(
      inTransaction(t.app.ctx.db, (tx) =>
        payPeriod(tx, { start: new Date(start), end: new Date(start + HOUR) }, t.clock.now()),
      ),
    ).rejects.toThrow();
    expect((await usdt(t, b.user.id)).minus(bBefore).toFixed()).toBe('2');
    expect((await checkInvariants(t.app.ctx.db)).problems).toEqual([]);
  });

  it('rebates a spot fill’s fee to the referrer of the side that paid it', async () => {
    const t = app();
    const start = await ownHour(t);
    const a = await registerUser(t);
    const buyer = await registerUser(t, { extension_code: a.user.extension_code });
    const seller = await registerUser(t);
    const btcBefore = await available(t, a.user.id, BTC);
    // Stamped in the last 5 minutes of the hour: it belongs to the next hour's payout.
    await paySpotFill(t.app.ctx.db, seller.user.id, buyer.user.id, new Date(start + 10 * MINUTE));
    await paySpotFill(t.app.ctx.db, buyer.user.id, seller.user.id, new Date(start + HOUR - LAG_MS + 1));
    await payHour(t, start);
    const first = await records(t, a.token);
    // The first fill: `buyer` sold, so it paid the USDT fee (0.1), and A gets 20 % of it.
    expect(first.data.map((r) => [r.currency, r.fee, r.amount, r.source])).toEqual([['USDT', '0.1', '0.02', 'spot']]);
    await payHour(t, start + HOUR);
    const both = await records(t, a.token);
    expect(both.data.map((r) => [r.currency, r.fee, r.amount])).toEqual([
      ['BTC', '0.00001', '0.000002'],
      ['USDT', '0.1', '0.02'],
    ]);
    expect((await available(t, a.user.id, BTC)).minus(btcBefore).toFixed()).toBe('0.000002');
    expect((await records(t, seller.token)).total).toBe(0);
    expect((await checkInvariants(t.app.ctx.db)).problems).toEqual([]);
  });

  it('never pays a user from its own fees, even through a referral loop', async () => {
    const t = app();
    const start = await ownHour(t);
    const a = await registerUser(t);
    const b = await registerUser(t, { extension_code: a.user.extension_code });
    // A hand-edited loop: A's referrer is B, B's is A.
    await setParent(t.app.ctx.db, a.user.id, b.user.id);
    const aBefore = await usdt(t, a.user.id);
    await payFuturesFee(t.app.ctx.db, a.user.id, '5', new Date(start + 20 * MINUTE));
    await payHour(t, start);
    expect((await records(t, b.token)).data.map((r) => [r.generation, r.amount])).toEqual([[1, '1']]);
    expect((await records(t, a.token)).total).toBe(0);
    expect((await usdt(t, a.user.id)).minus(aBefore).toFixed()).toBe('-5');
    await setParent(t.app.ctx.db, a.user.id, null);
    expect((await checkInvariants(t.app.ctx.db)).problems).toEqual([]);
  });

  it('shows the team by generation with masked accounts and only the user’s own data', async () => {
    const t = app();
    const { a, b, c } = await chain(t);
    const info = okOf(invite.inviteInfo, (await t.call(invite.inviteInfo, {}, { token: a.token })).body);
    expect(info).toEqual({
      invitation_code: a.user.extension_code,
      team: [
        { generation: 1, count: 1 },
        { generation: 2, count: 1 },
      ],
    });
    const second = await t.call(invite.inviteTeam, { generation: 2 }, { token: a.token });
    const team = okOf(invite.inviteTeam, second.body);
    expect(team.total).toBe(1);
    expect(team.data[0]!.generation).toBe(2);
    expect(team.data[0]!.account).toMatch(/^\w{1,2}\*\*\*@example\.com$/);
    // No reply carries a referee's address.
    expect(JSON.stringify(second.body)).not.toContain(c.email);
    const first = await t.call(invite.inviteTeam, { generation: 1 }, { token: a.token });
    expect(JSON.stringify(first.body)).not.toContain(b.email);
    // B sees its own team (C), never A's second generation; C has none.
    expect(okOf(invite.inviteInfo, (await t.call(invite.inviteInfo, {}, { token: b.token })).body).team).toEqual([
      { generation: 1, count: 1 },
      { generation: 2, count: 0 },
    ]);
    expect(okOf(invite.inviteTeam, (await t.call(invite.inviteTeam, {}, { token: c.token })).body).total).toBe(0);
    expect(await totals(t, c.token)).toEqual([]);
  });

  it('refuses bad input, anonymous callers and unknown invitation codes', async () => {
    const t = app();
    const a = await registerUser(t);
    for (const generation of ['3', '0', 'x', '1.5']) {
      const res = await t.call(invite.inviteTeam, { generation, lang: 'en' }, { token: a.token });
      expect(res.body.type).toBe('error');
    }
    const page = await t.call(invite.rebateRecords, { page: '-1', lang: 'en' }, { token: a.token });
    expect(page.body.type).toBe('error');
    for (const endpoint of [invite.inviteInfo, invite.inviteTeam, invite.rebateRecords, invite.rebateTotals]) {
      expect((await t.call(endpoint, {})).body.type).toBe('999');
    }
    // Registering with a code nobody has is refused on the field.
    const sent = await t.call(auth.sendCode, {
      user_string: 'nobody-code@example.com',
      type: 'email',
      scene: 'register',
    });
    expect(sent.body.type).toBe('ok');
    const code = await latestCode(t.app.ctx.db, 'nobody-code@example.com');
    const res = await t.call(auth.register, {
      user_string: 'nobody-code@example.com',
      code,
      password: 'secret-pass-1',
      re_password: 'secret-pass-1',
      type: 'email',
      extension_code: 'ZZZZ0000',
      lang: 'en',
    });
    expect(res.body.type).toBe('error');
  });
});
