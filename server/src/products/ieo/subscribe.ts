import type { Locale } from '@contract/domain/locales';
/** A subscription inside its idempotent transaction: project row locked, payment held, row written. */
import type { IeoOrder } from '@contract/ieo';
import { AppError } from '../../errors';
import { balanceOf, hold, toWire, userAccount, type Tx } from '../../ledger/index';
import { addApplied, appliedByUser, insertOrder, projectById } from './repo';
import { checkSubscription, checkUserMaximum, nameOf, orderView, type Subscription } from './service';

export async function subscribe(
  tx: Tx,
  a: { userId: number; projectId: number; input: Subscription; now: Date; lang: Locale },
): Promise<IeoOrder> {
  const seen = await projectById(tx, a.projectId);
  if (!seen) throw new AppError('ieo_not_found', { field: 'project_id' });
  const pay = checkSubscription(seen, a.input, a.now);
  // Takes the project row's lock: the user's earlier subscriptions and the end sweep are settled
  // before this one counts, so the per-user maximum and the allocation see every subscription.
  const project = await addApplied(tx, a.projectId, a.input.amount, a.now);
  if (!project) throw new AppError('ieo_ended', { field: 'project_id' });
  const already = await appliedByUser(tx, a.userId, a.projectId);
  checkUserMaximum(project, already, a.input.amount);
  const account = userAccount(a.userId, project.payCurrencyId, 'change');
  let held;
  try {
    held = await hold(tx, {
      account,
      amount: pay,
      kind: 'ieo_subscribe',
      userId: a.userId,
      meta: { projectId: project.id, amount: a.input.amount },
      at: a.now,
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'insufficient_balance') throw err;
    const { available } = await balanceOf(tx, a.userId, project.payCurrencyId, 'change');
    throw new AppError('insufficient_balance_available', {
      field: 'amount',
      values: { available: toWire(available), currency: nameOf(project.payCurrencyId) },
    });
  }
  const row = await insertOrder(tx, {
    userId: a.userId,
    projectId: project.id,
    amount: a.input.amount,
    price: project.price,
    pay,
    holdId: held.holdId,
    status: 'applied',
    createdAt: a.now,
  });
  return orderView(row, project, a.lang);
}
