import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/loans';
import type { Loan } from '@contract/loans';
import type { LoanRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { AppError } from '../../errors';
import { paged } from '../../lib/paging';
import { marketPrices } from '../../market/prices';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { allTerms, eventsOf, termsById, userLoan, userLoans } from './repo';
import { loanAdminRoutes } from './admin-routes';
import type { LoanWatcher } from './runtime';
import { addCollateral, borrow, eventView, loanView, quote, rearmMarginCall, repay, termsView } from './service';

/** `/loan/*`: terms, quotes, borrowing, the user's loans, repayment and more collateral; the console's terms. */
export async function loanRoutes(app: FastifyInstance, opts: { watcher: LoanWatcher }): Promise<void> {
  const { ctx } = app;
  const { watcher } = opts;
  // The feed's last trade: the same prices the liquidation watcher acts on.
  const prices = marketPrices(ctx.market, () => ctx.now().getTime());
  const livePrice = (currencyId: number): string | null => {
    const p = prices.usdtPrice(currencyId);
    return p && !p.stale ? p.price : null;
  };
  const mustPrice = (currencyId: number): string => {
    const p = livePrice(currencyId);
    if (p === null) throw new AppError('price_unavailable', { field: 'terms_id' });
    return p;
  };
  const openTerms = async (id: number) => {
    const t = await termsById(ctx.db, id);
    if (!t || t.status !== 1) throw new AppError('record_not_found', { field: 'terms_id' });
    return t;
  };

  bindEndpoint(app, contract.loanTerms, async () =>
    (await allTerms(ctx.db, true)).map((t) => termsView(t, livePrice(t.collateralCurrencyId))),
  );

  bindEndpoint(app, contract.loanQuote, async (input) => {
    const t = await openTerms(input.terms_id);
    return quote(t, input.amount, input.collateral, mustPrice(t.collateralCurrencyId));
  });

  /**
   * Runs a change once per Idempotency-Key and answers its view; the stored answer is what a
   * retry gets. The changed row goes to the watcher after the commit (a replay changed nothing).
   */
  const change = async <I>(
    h: Parameters<typeof idempotent>[0],
    input: I,
    work: (tx: Tx, now: Date) => Promise<LoanRow>,
  ): Promise<Loan> => {
    let changed: LoanRow | undefined;
    const view = await idempotent(h)(input, async (tx, now) => {
      changed = await work(tx, now);
      return loanView(changed, livePrice(changed.collateralCurrencyId), now);
    });
    if (changed) watcher.watch(changed);
    return view;
  };

  bindEndpoint(app, contract.loanBorrow, async (input, h) => {
    const userId = signedIn(h).user.id;
    const t = await openTerms(input.terms_id);
    const price = mustPrice(t.collateralCurrencyId);
    const { amount, collateral, term } = input;
    return change(h, input, (tx, now) => borrow(tx, { userId, terms: t, amount, collateral, term, price, now }));
  });

  bindEndpoint(app, contract.loanList, async (input, h) => {
    const { rows, total } = await userLoans(ctx.db, signedIn(h).user.id, input.status, input);
    const now = ctx.now();
    return paged(
      rows.map((r) => loanView(r, livePrice(r.collateralCurrencyId), now)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.loanDetail, async (input, h) => {
    const row = await userLoan(ctx.db, signedIn(h).user.id, input.id);
    if (!row) throw new AppError('record_not_found', { field: 'id' });
    const events = await eventsOf(ctx.db, row.id);
    return { ...loanView(row, livePrice(row.collateralCurrencyId), ctx.now()), events: events.map(eventView) };
  });

  bindEndpoint(app, contract.loanRepay, async (input, h) => {
    const userId = signedIn(h).user.id;
    return change(h, input, async (tx, now) => {
      const repaid = await repay(tx, { userId, id: input.id, amount: input.amount, now });
      return rearmMarginCall(tx, repaid, livePrice(repaid.collateralCurrencyId));
    });
  });

  bindEndpoint(app, contract.loanAddCollateral, async (input, h) => {
    const userId = signedIn(h).user.id;
    return change(h, input, async (tx, now) => {
      const added = await addCollateral(tx, { userId, id: input.id, amount: input.amount, now });
      return rearmMarginCall(tx, added, livePrice(added.collateralCurrencyId));
    });
  });

  await loanAdminRoutes(app);
}
