import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Tx } from '../../ledger/index';
import { futuresAdminRoutes } from './admin-routes';
import * as contract from '@contract/futures';
import { CURRENCY_IDS } from '@contract/domain/instruments';
import { AppError } from '../../errors';
import type { FuturesEngine } from '../../positions/engine';
import { balanceOf } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { idempotent } from '../../plugins/idempotent';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import * as repo from '../../positions/repo';
import type { PositionRow } from '../../positions/repo';
import {
  cancel,
  closeAt,
  instrumentOf,
  leverPairOf,
  liveMark,
  markOf,
  pairIdsOf,
  positionView,
  setStops,
  submit,
  totalsOf,
} from '../../positions/service';
import { D } from '../../positions/math';
import { closeRecord } from '../../positions/records';
import { appendRecords } from '../../settlement-record/index';

const HISTORY = ['closed', 'cancelled'] as const;
const CURRENT = ['pending', 'open'] as const;

/** Ids among `positionIds` that copy trading still holds (their follower may not close them). */
export type HeldPositions = (db: Db | Tx, positionIds: number[]) => Promise<Set<number>>;

export interface FuturesRoutesOptions {
  engine: FuturesEngine;
  /** Positions another product holds for the user (copy trading's copies). */
  heldCopies: HeldPositions;
}

export async function leverRoutes(app: FastifyInstance, options: FuturesRoutesOptions): Promise<void> {
  const { engine } = options;
  const { market, db } = app.ctx;
  futuresAdminRoutes(app);

  const view = (row: PositionRow) => positionView(row, markOf(market, instrumentOf(row.pairId)));
  const leverBalance = async (userId: number) => (await balanceOf(db, userId, CURRENCY_IDS.USDT, 'lever')).available;
  const totals = async (userId: number, pairIds: number[] | undefined) =>
    totalsOf(
      await repo.userLivePositions(db, userId, { pairIds }),
      (pairId) => markOf(market, instrumentOf(pairId)),
      await leverBalance(userId),
    );

  bindEndpoint(app, contract.leverDeal, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { inst, terms } = leverPairOf(market, input.currency_id, input.legal_id);
    const side = async (s: 1 | 2) => {
      const used = new D(await repo.exposure(db, inst.id, s));
      const left = D.max(new D(terms.houseCap).minus(used), 0);
      return { cap: terms.houseCap, used: used.toFixed(), left: left.toFixed() };
    };
    const mark = markOf(market, inst);
    return {
      symbol: inst.symbol,
      currency_id: inst.base.id,
      legal_id: inst.quote.id,
      lot_size: terms.lotSize,
      multiples: [...terms.multiples],
      fee_rate: terms.feeRate,
      maintenance_rate: terms.maintenanceRate,
      overnight_rate: terms.overnightRate,
      min_share: terms.minLots,
      max_share: terms.maxLots,
      house_long: await side(1),
      house_short: await side(2),
      balance: new D(await leverBalance(userId)).toFixed(),
      last_price: mark ? new D(mark.price).toFixed() : null,
      price_ts: mark?.ts ?? null,
      stale: !mark?.live,
      settle_currency: 'USDT',
    };
  });

  bindEndpoint(app, contract.leverSubmit, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    let opened: PositionRow | undefined;
    const answer = await runOnce(input, async (tx, now) => {
      opened = await submit(tx, market, userId, input, now);
      return view(opened);
    });
    if (opened) engine.changed(opened, 'opened');
    return answer;
  });

  bindEndpoint(app, contract.leverDealAll, async (input, h) => {
    const userId = signedIn(h).user.id;
    const pairIds = pairIdsOf(input.currency_id, input.legal_id);
    const { rows, total } = await repo.userPositions(db, userId, { statuses: ['open'], pairIds, ...input });
    return { ...paged(rows.map(view), total, input), totals: await totals(userId, pairIds) };
  });

  bindEndpoint(app, contract.leverMyTrade, async (input, h) => {
    const userId = signedIn(h).user.id;
    const pairIds = pairIdsOf(input.currency_id, input.legal_id);
    const statuses = input.status === contract.LEVER_LIST_STATES.history ? [...HISTORY] : [...CURRENT];
    const { rows, total } = await repo.userPositions(db, userId, { statuses, pairIds, ...input });
    return { ...paged(rows.map(view), total, input), totals: await totals(userId, pairIds) };
  });

  positionRoutes(app, options, view);
}

/** Closing, cancelling and stop changes of the user's own positions; copies are not theirs to touch. */
function positionRoutes(
  app: FastifyInstance,
  options: FuturesRoutesOptions,
  view: (row: PositionRow) => ReturnType<typeof positionView>,
): void {
  const { engine, heldCopies } = options;
  const isHeldCopy = async (tx: Tx, id: number) => (await heldCopies(tx, [id])).has(id);
  const { market } = app.ctx;

  bindEndpoint(app, contract.leverClose, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    let closed: PositionRow | undefined;
    const answer = await runOnce(input, async (tx, now) => {
      const row = await repo.userPosition(tx, userId, input.id);
      if (!row) throw new AppError('position_not_found', { field: 'id' });
      if (row.status !== 'open') throw new AppError('position_not_open', { field: 'id' });
      // A copy closes with its trader until the follower makes it their own (/follow/selfHolding).
      if (await isHeldCopy(tx, row.id)) throw new AppError('follow_copy_close', { field: 'id' });
      const mark = liveMark(market, instrumentOf(row.pairId));
      closed = await closeAt(tx, row.id, mark, 'user', now, { userId });
      if (!closed) throw new AppError('position_not_open', { field: 'id' });
      await appendRecords(tx, [closeRecord(closed)]);
      return view(closed);
    });
    if (closed) engine.changed(closed, 'closed');
    return answer;
  });

  bindEndpoint(app, contract.leverCancel, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    let cancelled: PositionRow | undefined;
    const answer = await runOnce(input, async (tx, now) => {
      cancelled = await cancel(tx, userId, input.id, now);
      return view(cancelled);
    });
    if (cancelled) engine.changed(cancelled, 'cancelled');
    return answer;
  });

  bindEndpoint(app, contract.leverSetStop, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    let updated: PositionRow | undefined;
    const answer = await runOnce(input, async (tx, now) => {
      updated = await setStops(tx, market, userId, input, now);
      // A copy's stops would close it on its own: not while it follows its trader (rolled back).
      if (await isHeldCopy(tx, updated.id)) throw new AppError('follow_copy_close', { field: 'id' });
      return view(updated);
    });
    if (updated) engine.changed(updated, 'stops');
    return answer;
  });

  bindEndpoint(app, contract.leverBatchClose, async (input, h) => {
    const runOnce = idempotent(h);
    const userId = signedIn(h).user.id;
    const pairIds = pairIdsOf(input.currency_id, input.legal_id);
    const side = input.type === 0 ? undefined : (input.type as 1 | 2);
    const closedRows: PositionRow[] = [];
    const answer = await runOnce(input, async (tx, now) => {
      closedRows.length = 0;
      const rows = await repo.userLivePositions(tx, userId, {
        pairIds,
        ...(side ? { side } : {}),
        statuses: ['open'],
      });
      const closed = [];
      const skipped: number[] = [];
      // Copies following their trader are not the user's to close: left out.
      const copies = await heldCopies(
        tx,
        rows.map((r) => r.id),
      );
      for (const row of rows) {
        if (copies.has(row.id)) continue;
        const mark = markOf(market, instrumentOf(row.pairId));
        if (!mark?.live) {
          skipped.push(row.id);
          continue;
        }
        const done = await closeAt(tx, row.id, mark, 'batch', now, { userId });
        if (!done) continue;
        closedRows.push(done);
        closed.push(view(done));
      }
      // One append for the batch: the chain's lock is taken once, as the transaction's last step.
      await appendRecords(tx, closedRows.map(closeRecord));
      return { closed, skipped };
    });
    for (const row of closedRows) engine.changed(row, 'closed');
    return answer;
  });
}
