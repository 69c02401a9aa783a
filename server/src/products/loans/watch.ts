import { IdTable } from '../../triggers/id-table';
import { PriceTriggers } from '../../triggers/price-triggers';

/** What one trade of a collateral pair sets off. */
export interface Reached {
  /** Loans whose liquidation price it reached. */
  liquidated: number[];
  /** Loans whose margin-call price it reached, without those liquidated by the same trade. */
  called: number[];
}

/**
 * The open loans' trigger prices in memory: one key per loan in each of two `PriceTriggers` on its
 * collateral's pair, its liquidation price and (until it was called) its margin-call price, both at
 * or below. The loans watched are kept by id in an `IdTable`, not a `Set`: a loan is taken out and
 * put back at every change (collateral, repayment, the hourly charge, each firing), which a `Set`
 * of many entries pays for in dead entries until it rehashes (see `triggers/id-table.ts`).
 */
export class LoanIndex {
  readonly liquidations = new PriceTriggers();
  readonly marginCalls = new PriceTriggers();
  /** The loans watched, whether or not a trade took their keys out since. */
  private readonly watched = new IdTable();

  get size(): number {
    return this.watched.size;
  }

  /** The ids of the loans watched. */
  ids(): number[] {
    return this.watched.ids();
  }

  /** Watches an open loan (again) at its prices; `marginCall` null once it was called. */
  watch(id: number, pairId: number, liquidation: string, marginCall: string | null): void {
    this.watched.add(id);
    this.liquidations.upsert(id, pairId, liquidation, false);
    if (marginCall !== null) this.marginCalls.upsert(id, pairId, marginCall, false);
    else this.marginCalls.remove(id);
  }

  forget(id: number): void {
    this.liquidations.remove(id);
    this.marginCalls.remove(id);
    this.watched.delete(id);
  }

  /** What a trade of `pairId` at `price` reaches; the keys reached leave the index. */
  trade(pairId: number, price: string): Reached {
    const liquidated = this.liquidations.fire(pairId, price);
    let called = this.marginCalls.fire(pairId, price);
    if (liquidated.length > 0 && called.length > 0) {
      const gone = new Set(liquidated);
      called = called.filter((id) => !gone.has(id));
    }
    return { liquidated, called };
  }
}
