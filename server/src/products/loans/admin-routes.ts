import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/loans';
import type { AdminLoanTerms } from '@contract/loans';
import { audit } from '../../audit/index';
import type { LoanTermsRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { inTransaction, toWire } from '../../ledger/index';
import { marketPrices } from '../../market/prices';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { allTerms, termsForUpdate, updateTerms } from './repo';
import { termsView } from './service';

/**
 * The console's loan terms: every collateral coin's published terms, and their edit. New loans
 * take the saved terms at once; a loan keeps the terms it was taken with (copied on the loan).
 */
export async function loanAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const prices = marketPrices(ctx.market, () => ctx.now().getTime());
  const view = (t: LoanTermsRow): AdminLoanTerms => {
    const p = prices.usdtPrice(t.collateralCurrencyId);
    return {
      ...termsView(t, p && !p.stale ? p.price : null),
      status: t.status,
      updated_at: t.updatedAt.getTime(),
    };
  };

  bindEndpoint(app, contract.adminLoanTerms, async () => (await allTerms(ctx.db, false)).map(view));

  bindEndpoint(app, contract.adminLoanTermsSave, async (input, h) => {
    const adminId = signedIn(h).user.id;
    const now = ctx.now();
    const saved = await inTransaction(ctx.db, async (tx) => {
      const before = await termsForUpdate(tx, input.id);
      if (!before) throw new AppError('record_not_found', { field: 'id' });
      const after = await updateTerms(tx, before.id, {
        initialLtv: toWire(input.initial_ltv),
        marginCallLtv: toWire(input.margin_call_ltv),
        liquidationLtv: toWire(input.liquidation_ltv),
        hourlyRate: toWire(input.hourly_rate),
        minAmount: toWire(input.min_amount),
        maxAmount: toWire(input.max_amount),
        terms: input.terms,
        status: input.status,
        updatedAt: now,
      });
      await audit(tx, {
        adminId,
        action: 'loan_terms.update',
        entity: 'loan_terms',
        entityId: after.id,
        before,
        after,
        at: now,
      });
      return after;
    });
    return view(saved);
  });
}
