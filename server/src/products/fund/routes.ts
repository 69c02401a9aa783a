import type { FastifyInstance } from 'fastify';
import { fundAdminRoutes } from './admin-routes';
import * as contract from '@contract/fund';
import { CURRENCY_IDS, CURRENCY_NETWORKS, DEFAULT_NETWORK } from '@contract/fund';
import { AppError } from '../../errors';
import type { PriceSource } from '../../market/prices';
import { translate } from '../../i18n';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { findCard, listAddresses, saveAddress, saveCard } from './bindings';
import type { DepositAddressSource } from './deposit-address';
import { depositSource } from './xpub-addresses';
import { BANK_TERMS, networkFor, termsOf } from './networks';
import { paged } from '../../lib/paging';
import { checkPayPassword, setPayPassword } from '../../auth/pay-password';
import type { Db } from '../../db/client';
import { requireStepUp, strongestFactor } from '../../security/step-up';
import { mailNoticesOf } from '../../push/notice-mail';
import { createRecharge, prepareRecharge, toRechargeDto } from './recharge';
import { userRecharges, userWithdrawals } from './repo';
import { checkWithdrawAllowed, createWithdrawal, resolvePayout, toWithdrawalDto } from './withdraw';

const notFound = (field: string) => new AppError('record_not_found', { field });

export interface FundOptions {
  prices: PriceSource;
  /** The custody integration that allocates real deposit addresses (`DEPOSIT_ADDRESSES=custody`). */
  custody?: DepositAddressSource | undefined;
}

export async function fundRoutes(app: FastifyInstance, options: FundOptions): Promise<void> {
  const { prices } = options;
  const addresses = depositSource(app.ctx, options.custody);
  fundAdminRoutes(app);

  bindEndpoint(app, contract.getInfo, (input, h) => ({
    currency: input.currency,
    currency_id: CURRENCY_IDS[input.currency],
    default_network: DEFAULT_NETWORK[input.currency],
    networks: CURRENCY_NETWORKS[input.currency].map((network) => {
      const t = termsOf(input.currency, network);
      return {
        network,
        withdraw_fee: t.withdrawFee,
        withdraw_min: t.withdrawMin,
        recharge_min: t.rechargeMin,
        confirmations: t.confirmations,
        arrival_minutes: t.arrivalMinutes,
      };
    }),
    bank: { fee: BANK_TERMS.bank.fee, min: BANK_TERMS.bank.min, arrival: translate(h.lang, 'bank_arrival') },
    international: {
      fee: BANK_TERMS.international.fee,
      min: BANK_TERMS.international.min,
      arrival: translate(h.lang, 'swift_arrival'),
    },
  }));

  bindEndpoint(app, contract.getInAddress, async (input, h) => {
    const { user } = signedIn(h);
    // The original client sends its own id; any other id is not this user's to see.
    if (input.user_id && input.user_id !== String(user.id)) throw notFound('user_id');
    // No custody integration: no address, rather than one nobody holds the key to.
    if (!addresses) throw new AppError('function_in_development');
    const network = networkFor(input.currency, input.network);
    const t = termsOf(input.currency, network);
    return {
      currency: input.currency,
      network,
      address: await addresses.addressFor(user.id, network),
      simulated: addresses.simulated,
      arrival_minutes: t.arrivalMinutes,
      recharge_min: t.rechargeMin,
    };
  });

  bindEndpoint(app, contract.chargeReq, async (input, h) => {
    const runOnce = idempotent(h);
    const { user } = signedIn(h);
    const prepared = await prepareRecharge(h.ctx, user.id, input);
    return runOnce(input, (tx, now) => createRecharge(tx, user.id, prepared, now));
  });

  bindEndpoint(app, contract.rechargeLog, async (input, h) => {
    const { rows, total } = await userRecharges(h.ctx.db, signedIn(h).user.id, input.page, input.limit);
    return paged(rows.map(toRechargeDto), total, input);
  });

  bindEndpoint(app, contract.withdraw, async (input, h) => {
    const runOnce = idempotent(h);
    const { user } = signedIn(h);
    checkWithdrawAllowed(user);
    await checkPayPassword(h.ctx, user, input.pay_password);
    const { pay_password: _secret, step_up: token, ...body } = input;
    const payout = await resolvePayout(h.ctx, user.id, body);
    return runOnce(body, async (tx, now) => {
      const withdrawal = await createWithdrawal(tx, { user, input: body, payout, prices, now });
      // Last, in the withdrawal's transaction: the rules answer first, and the confirmation is
      // used up only with the withdrawal it approved (both commit or neither does).
      await requireStepUp(tx as unknown as Db, { userId: user.id, action: 'withdraw', input: body, token, now });
      return toWithdrawalDto(withdrawal, h.lang);
    });
  });

  bindEndpoint(app, contract.withdrawList, async (input, h) => {
    const { rows, total } = await userWithdrawals(h.ctx.db, signedIn(h).user.id, input.page, input.limit);
    return paged(
      rows.map((r) => toWithdrawalDto(r, h.lang)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.payPassword, async (input, h) => {
    const { user } = signedIn(h);
    // The emailed code is the baseline; an account with a stronger factor confirms with it too,
    // in the change's transaction (both are used up with the change, or neither).
    const confirm =
      (await strongestFactor(h.ctx, user.id)) === 'code'
        ? undefined
        : (tx: Db, now: Date) =>
            requireStepUp(tx, { userId: user.id, action: 'pay_password', input, token: input.step_up, now });
    await mailNoticesOf(h, user.id, await setPayPassword(h.ctx, user, input, confirm));
    return 'ok';
  });

  bindEndpoint(app, contract.cashSave, (input, h) => saveCard(h.ctx, signedIn(h).user.id, 'domestic', input));
  bindEndpoint(
    app,
    contract.cashInfo,
    async (_input, h) => (await findCard(h.ctx, signedIn(h).user.id, 'domestic')) as contract.BankCard | null,
  );
  bindEndpoint(app, contract.cashSaveInternational, (input, h) =>
    saveCard(h.ctx, signedIn(h).user.id, 'international', input),
  );
  bindEndpoint(
    app,
    contract.cashInfoInternational,
    async (_input, h) =>
      (await findCard(h.ctx, signedIn(h).user.id, 'international')) as contract.InternationalCard | null,
  );

  bindEndpoint(app, contract.walletSave, (input, h) => saveAddress(h.ctx, signedIn(h).user.id, input));
  bindEndpoint(app, contract.walletList, async (input, h) => {
    const { rows, total } = await listAddresses(h.ctx, signedIn(h).user.id, input);
    return paged(rows, total, input);
  });
}
