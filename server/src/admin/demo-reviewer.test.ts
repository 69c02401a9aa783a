import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as fund from '@contract/fund';
import * as identity from '@contract/identity';
import { auditLog, identitySubmissions, recharges, users } from '../db/schema/index';
import { balanceOf } from '../ledger/index';
import { createTestApp } from '../testing/app';
import { MINUTE, SECOND } from '../testing/clock';
import { bindMobile, call, ok, uploadImage } from '../testing/fund';
import { registerUser } from '../testing/accounts';
import { describeEachDatabase } from '../testing/suite';
import { DEMO_REVIEW_REASON, DEMO_REVIEWER_EMAIL, DEMO_REVIEWER_NAME, startDemoReviewer } from './demo-reviewer';

const USDT = 3;

describeEachDatabase(
  'demo reviewer',
  ({ app, database }) => {
    it('approves identity and recharge requests about a minute later, once, under its own name', async () => {
      const t = app();
      const u = await registerUser(t);
      await bindMobile(t, u.token);
      await ok(call(t, identity.submitReal, { real_type: '1', id_type: '2', name: 'Ada', card_id: 'P1234567' }, u));
      const voucher = await uploadImage(t, u.token);
      const body = { currency: 'USDT', amount: '200', voucher, account: 'change' };
      const recharge = await ok<{ id: number }>(call(t, fund.chargeReq, body, u));
      const state = async () => {
        const [s] = await database()
          .db.select()
          .from(identitySubmissions)
          .where(eq(identitySubmissions.userId, u.user.id));
        const [r] = await database().db.select().from(recharges).where(eq(recharges.id, recharge.id));
        return { identity: s!.state, recharge: r!.status, reviewer: [s!.reviewedBy, r!.reviewedBy] };
      };
      // Not before the delay: the pass of the minute they were sent in leaves them waiting.
      t.clock.advance(30 * SECOND);
      await t.app.ctx.scheduler.runDue();
      expect(await state()).toMatchObject({ identity: 'review', recharge: 'review' });
      t.clock.advance(2 * MINUTE);
      await t.app.ctx.scheduler.runDue();
      const [reviewer] = await database().db.select().from(users).where(eq(users.email, DEMO_REVIEWER_EMAIL));
      expect(reviewer).toMatchObject({ nickname: DEMO_REVIEWER_NAME, role: 'support' });
      expect(await state()).toEqual({
        identity: 'certified',
        recharge: 'approved',
        reviewer: [reviewer!.id, reviewer!.id],
      });
      expect((await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).available).toBe('200');
      const audits = await database()
        .db.select()
        .from(auditLog)
        .where(and(eq(auditLog.adminId, reviewer!.id), eq(auditLog.reason, DEMO_REVIEW_REASON)));
      expect(audits.map((a) => a.action).sort()).toEqual(['identity.approve', 'recharge.approve']);
      // Another pass, and a second process with its own reviewer job, change nothing more.
      const second = await createTestApp(database(), { demoSeeds: true });
      t.clock.advance(MINUTE);
      await second.app.ctx.scheduler.runDue();
      await t.app.ctx.scheduler.runDue();
      await second.close();
      expect((await balanceOf(t.app.ctx.db, u.user.id, USDT, 'change')).available).toBe('200');
    });
  },
  () => ({ demoSeeds: true }),
);

describeEachDatabase(
  'no demo reviewer in production',
  ({ app }) => {
    it('refuses to start when the server is not in demo mode, and production starts without it', async () => {
      const t = app();
      expect(t.app.ctx.config.mode).toBe('production');
      await expect(startDemoReviewer(t.app.ctx, [])).rejects.toThrow(/only in demo mode/);
      expect(await t.app.ctx.db.select().from(users).where(eq(users.email, DEMO_REVIEWER_EMAIL))).toEqual([]);
    });
  },
  () => ({ demoSeeds: true, config: { mode: 'production', smtpUrl: 'smtp://127.0.0.1:9' } }),
);
