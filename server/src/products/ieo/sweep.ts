/**
 * The IEO sweep (scheduler job `ieo.sweep`, every minute, latest period only): allocates every
 * project that has ended by the period's end, then credits the coins of every allocated project
 * whose credit time has come. Each step is a conditional update on the previous state inside the
 * scheduler's transaction, so running the sweep again (or in two processes) changes nothing.
 */
import { LedgerBatch, toUnits as ledgerUnits, type PendingTx } from '../../ledger/batch';
import { Money, systemAccount, userAccount, type Tx } from '../../ledger/index';
import type { Job } from '../../scheduler/index';
import type { IeoProjectRow } from '../../db/schema/index';
import { allocate, fromUnits, toUnits } from './allocation';
import { dueForAllocation, dueForCredit, markAllocated, ordersInStatus, setOrders } from './repo';

export const IEO_SWEEP_JOB = 'ieo.sweep';

// The ledger's own integer units (10^-18) for LedgerBatch; allocation counts coins in 10^-8.
const units = (v: Money | string) => ledgerUnits(new Money(v.toString()).toFixed());

/**
 * Allocates one project: every subscription's hold is spent in its own ledger transaction
 * (passed x price to the house, the rest back to the user's available), all written at once
 * through `LedgerBatch` (one statement per table, as the trading core and seconds settlement do).
 */
async function allocateProject(tx: Tx, project: IeoProjectRow, at: Date): Promise<void> {
  const orders = await ordersInStatus(tx, project.id, 'applied');
  const passed = allocate(
    orders.map((o) => ({ id: o.id, units: toUnits(o.amount) })),
    toUnits(project.total),
  );
  const sum = passed.reduce((s, p) => s + p, 0n);
  if (!(await markAllocated(tx, project.id, fromUnits(sum), at))) return;
  const price = new Money(project.price);
  const batch = new LedgerBatch(at);
  const house = systemAccount('house', project.payCurrencyId);
  const rows: {
    id: number;
    status: 'allocated' | 'refunded';
    passed: string;
    paid: string;
    refund: string;
    tx: PendingTx;
  }[] = [];
  for (const [i, order] of orders.entries()) {
    const quantity = fromUnits(passed[i]!);
    const paid = price.times(quantity);
    const refund = new Money(order.pay).minus(paid);
    const user = userAccount(order.userId, project.payCurrencyId, 'change');
    const hold = batch.existingHold(order.holdId, user, units(order.pay), units(order.pay));
    const nothing = passed[i] === 0n;
    const posted = batch.post({
      kind: nothing ? 'ieo_refund' : 'ieo_allocate',
      userId: order.userId,
      meta: { projectId: project.id, orderId: order.id, passed: quantity },
      entries: [
        batch.spend(hold, units(order.pay)),
        { account: house, bucket: 'available', amount: units(paid) },
        { account: user, bucket: 'available', amount: units(refund) },
      ],
    });
    batch.close(hold, nothing ? 'released' : 'posted');
    rows.push({
      id: order.id,
      status: nothing ? 'refunded' : 'allocated',
      passed: quantity,
      paid: paid.toFixed(),
      refund: refund.toFixed(),
      tx: posted,
    });
  }
  if (rows.length === 0) return;
  await batch.write(tx);
  // The project row was locked and open, so its subscriptions were ours alone.
  const moved = await setOrders(
    tx,
    'applied',
    at,
    rows.map((r) => ({ ...r, txId: r.tx.id })),
  );
  if (moved !== rows.length)
    throw new Error(`IEO project ${project.id}: ${moved} of ${rows.length} subscriptions allocated`);
}

/** Credits the passed coins of one project's allocated subscriptions, from the house, at once. */
async function creditProject(tx: Tx, project: IeoProjectRow, at: Date): Promise<void> {
  const orders = await ordersInStatus(tx, project.id, 'allocated');
  if (orders.length === 0) return;
  const batch = new LedgerBatch(at);
  const house = systemAccount('house', project.coinId);
  const rows = orders.map((order) => {
    const amount = units(order.passed ?? '0');
    const posted = batch.post({
      kind: 'ieo_credit',
      userId: order.userId,
      meta: { projectId: project.id, orderId: order.id },
      entries: [
        { account: house, bucket: 'available', amount: -amount },
        { account: userAccount(order.userId, project.coinId, 'change'), bucket: 'available', amount },
      ],
    });
    return { id: order.id, status: 'credited' as const, tx: posted };
  });
  await batch.write(tx);
  const moved = await setOrders(
    tx,
    'allocated',
    at,
    rows.map((r) => ({ ...r, txId: r.tx.id })),
  );
  if (moved !== rows.length)
    throw new Error(`IEO project ${project.id}: ${moved} of ${rows.length} subscriptions credited`);
}

/** One sweep up to `until` (the period's end); the ledger times are `until` too. */
export async function sweep(tx: Tx, until: Date): Promise<void> {
  for (const project of await dueForAllocation(tx, until)) await allocateProject(tx, project, until);
  for (const project of await dueForCredit(tx, until)) await creditProject(tx, project, until);
}

export const ieoSweepJob: Job = {
  name: IEO_SWEEP_JOB,
  every: 'minute',
  catchUp: 'latest',
  run: (tx, period) => sweep(tx, period.end),
};
