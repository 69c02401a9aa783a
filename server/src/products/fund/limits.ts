import { AppError } from '../../errors';
import { Money } from '../../ledger/money';
import type { Tx } from '../../ledger/types';
import { limitOf } from '../../auth/levels';
import { withdrawnBtcSince } from './repo';

const WINDOW_MS = 24 * 3_600_000;

/** What the user withdrew in the last 24 hours (pending or paid; rejected ones do not count). */
async function usedBtc(tx: Tx, userId: number, now: Date): Promise<Money> {
  const sum = await withdrawnBtcSince(tx, userId, new Date(now.getTime() - WINDOW_MS));
  return new Money(sum ?? '0');
}

/**
 * Refuses a withdrawal worth `btc` over the level's rolling limit, naming what is left. A basic
 * (level 1) user is answered 996 so the client offers advanced verification. Runs under the
 * user's row lock, so parallel requests cannot both spend the same allowance.
 */
export async function checkLimit(tx: Tx, user: { id: number; level: number }, btc: Money, now: Date): Promise<void> {
  const remaining = Money.max(0, limitOf(user.level).minus(await usedBtc(tx, user.id, now)));
  if (btc.lte(remaining)) return;
  const values = { remaining: remaining.toDecimalPlaces(8, Money.ROUND_DOWN).toFixed() };
  if (user.level < 2) throw new AppError('withdraw_limit_upgrade', { type: '996', field: 'amount', values });
  throw new AppError('withdraw_limit_exceeded', { field: 'amount', values });
}
