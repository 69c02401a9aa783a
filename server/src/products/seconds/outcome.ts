import type { MicroResult, MicroType } from '@contract/seconds';
import { fromUnits, toUnits } from '../../ledger/batch';

/**
 * The outcome of a seconds contract: a pure function of the contract's direction, its two feed
 * prices, its stake and the ratio fixed at acceptance. There is no other input — no setting, no
 * user, no admin flag, no randomness — so nobody, the house included, can decide or bias a
 * result; `outcome.test.ts` checks this over random inputs and the settlement tests check that
 * settled orders match it.
 *
 * - Up (1) wins when the settlement price is above the entry price, down (2) when below; equal
 *   prices tie. A win pays stake x (1 + ratio), a tie the stake, a loss nothing.
 * - Without a settlement price (the record holds no live trade at expiry) the order is void and
 *   pays back the stake.
 *
 * Amounts are decimal strings; the arithmetic is exact in integers of 10^-18, a win's profit
 * rounded down to 10^-18 (stakes have at most 10 decimals and ratios a few, so it is exact).
 */
export interface Outcome {
  result: MicroResult;
  /** What goes back to the user's micro account. */
  payout: string;
  /** payout - stake. */
  profit: string;
}

const ONE = 10n ** 18n;

export function outcome(
  type: MicroType,
  openPrice: string,
  endPrice: string | null,
  stake: string,
  ratio: string,
): Outcome {
  const stakeUnits = toUnits(stake);
  if (endPrice === null) return { result: 'void', payout: fromUnits(stakeUnits), profit: '0' };
  const open = toUnits(openPrice);
  const end = toUnits(endPrice);
  if (end === open) return { result: 'tie', payout: fromUnits(stakeUnits), profit: '0' };
  const up = end > open;
  const won = type === 1 ? up : !up;
  if (!won) return { result: 'loss', payout: '0', profit: fromUnits(-stakeUnits) };
  const profit = (stakeUnits * toUnits(ratio)) / ONE;
  return { result: 'win', payout: fromUnits(stakeUnits + profit), profit: fromUnits(profit) };
}
