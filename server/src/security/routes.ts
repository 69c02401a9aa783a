import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/security';
import * as devices from '@contract/devices';
import * as identity from '@contract/identity';
import { changePassword } from '../auth/account-security';
import type { Db } from '../db/client';
import { bindEndpoint, signedIn } from '../plugins/contract';
import { signInMeta } from '../devices/routes';
import { requireStepUp, startStepUp, strongestFactor, verifyStepUp } from './step-up';
import {
  listPasskeys,
  loginOptions,
  loginWithPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './passkey';
import { confirmTotp, removeTotp, setupTotp, totpOverview } from './totp';
import { readWithdrawGuard, setWhitelist, type WithdrawGuard } from './withdraw-guard';
import { readAntiPhishing } from './anti-phishing';
import { antiPhishingRoutes } from './anti-phishing-routes';
import { securityConsoleRoutes } from './console-routes';
import { mailNoticesOf } from '../push/notice-mail';
import { liftFreeze, lockFreeze, readFreeze } from './withdraw-freeze';

const guardDto = (g: WithdrawGuard): contract.WithdrawGuard => ({
  whitelist: g.whitelist,
  whitelist_off_at: g.whitelistOffAt?.toISOString() ?? null,
  paused_until: g.pausedUntil?.toISOString() ?? null,
});

export async function securityRoutes(app: FastifyInstance): Promise<void> {
  bindEndpoint(app, identity.updatePassword, async (input, h) => {
    const auth = signedIn(h);
    // The login password's change (bound here: it is a step-up action). The code is the baseline; an account with a stronger factor confirms with it too, used up
    // in the change's transaction (as the pay password's change does).
    const confirm =
      (await strongestFactor(h.ctx, auth.user.id)) === 'code'
        ? undefined
        : (tx: Db, now: Date) =>
            requireStepUp(tx, { userId: auth.user.id, action: 'login_password', input, token: input.step_up, now });
    const { revoked, notices } = await changePassword(h.ctx, auth, input, confirm);
    await mailNoticesOf(h, auth.user.id, notices);
    return { revoked };
  });

  bindEndpoint(app, contract.stepUpStart, (input, h) => startStepUp(h.ctx, signedIn(h).user, input, h.meta));
  bindEndpoint(app, contract.stepUpVerify, (input, h) => verifyStepUp(h.ctx, signedIn(h).user, input));

  bindEndpoint(app, contract.totpSetup, (_input, h) => setupTotp(h.ctx, signedIn(h).user));
  bindEndpoint(app, contract.totpConfirm, async (input, h) => {
    const { user } = signedIn(h);
    const { codes, events } = await confirmTotp(h.ctx, user, input.code);
    await mailNoticesOf(h, user.id, events);
    return { recovery_codes: codes };
  });
  bindEndpoint(app, contract.totpRemove, async (input, h) => {
    const { user } = signedIn(h);
    const now = h.ctx.now();
    const events = await h.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await requireStepUp(db, { userId: user.id, action: 'remove_totp', input, token: input.step_up, now });
      return removeTotp(db, user.id, now);
    });
    await mailNoticesOf(h, user.id, events);
    return 'ok';
  });

  bindEndpoint(app, contract.overview, async (_input, h) => {
    const { user } = signedIn(h);
    return {
      strongest: await strongestFactor(h.ctx, user.id),
      totp: await totpOverview(h.ctx, user.id),
      passkeys: await listPasskeys(h.ctx, user.id),
      withdrawals: guardDto(await readWithdrawGuard(h.ctx.db, user.id, h.ctx.now())),
      withdraw_freeze: await readFreeze(h.ctx.db, user.id),
      anti_phishing: (await readAntiPhishing(h.ctx.db, user.id)) !== undefined,
    };
  });

  bindEndpoint(app, devices.withdrawUnfreeze, async (input, h) => {
    const { user } = signedIn(h);
    const now = h.ctx.now();
    await h.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // The rules first: a refused lift leaves the confirmation unused.
      await lockFreeze(db, user.id);
      await requireStepUp(db, { userId: user.id, action: 'withdraw_unfreeze', input, token: input.step_up, now });
      await liftFreeze(db, user.id);
    });
    return readFreeze(h.ctx.db, user.id);
  });

  bindEndpoint(app, contract.whitelistSet, async (input, h) => {
    const { user } = signedIn(h);
    const now = h.ctx.now();
    const events = await h.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // Switching on only protects more: no confirmation. Switching off is what a thief would do.
      if (input.on === '1') return setWhitelist(db, user.id, true, now);
      await requireStepUp(db, { userId: user.id, action: 'whitelist_off', input, token: input.step_up, now });
      return setWhitelist(db, user.id, false, now);
    });
    await mailNoticesOf(h, user.id, events);
    return guardDto(await readWithdrawGuard(h.ctx.db, user.id, now));
  });

  bindEndpoint(app, contract.passkeyRegisterOptions, (_input, h) => registrationOptions(h.ctx, signedIn(h).user));
  bindEndpoint(app, contract.passkeyRegister, async (input, h) => {
    const { user } = signedIn(h);
    const { passkey, events } = await registerPasskey(h.ctx, user, input);
    await mailNoticesOf(h, user.id, events);
    return passkey;
  });
  bindEndpoint(app, contract.passkeyRename, (input, h) =>
    renamePasskey(h.ctx, signedIn(h).user.id, input.id, input.name),
  );
  bindEndpoint(app, contract.passkeyRemove, async (input, h) => {
    const { user } = signedIn(h);
    const now = h.ctx.now();
    const events = await h.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      // The passkey first, so another user's id answers like a missing one; a refused
      // confirmation rolls the removal and its notices back.
      const removed = await removePasskey(db, user.id, input.id, now);
      await requireStepUp(db, { userId: user.id, action: 'remove_passkey', input, token: input.step_up, now });
      return removed;
    });
    await mailNoticesOf(h, user.id, events);
    return 'ok';
  });
  bindEndpoint(app, contract.passkeyLoginOptions, (_input, h) => loginOptions(h.ctx));
  antiPhishingRoutes(app);
  securityConsoleRoutes(app);
  bindEndpoint(app, contract.passkeyLogin, (input, h) =>
    loginWithPasskey(h.ctx, input, signInMeta(h, input.device_key)),
  );
}
