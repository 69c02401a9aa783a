import { Decimal } from 'decimal.js';
import type { DualProduct } from '@contract/invest';
import type { IeoProject } from '@contract/ieo';
import type { LockProduct } from '@contract/lockming';

/** What the Finance tab says of IEO: projects open for subscription now and those about to open. */
export function ieoHighlight(projects: readonly IeoProject[]) {
  return {
    inProgress: projects.filter((p) => p.state === 'progress').length,
    warmUp: projects.filter((p) => p.state === 'warmup').length,
  };
}

/**
 * The daily yield range over the lock-mining products open for deposits, as fractions
 * (`null` when none is open): the lowest minimum and the highest maximum.
 */
export function lockHighlight(products: readonly LockProduct[]): { min: string; max: string } | null {
  const open = products.filter((p) => p.status === 1);
  if (open.length === 0) return null;
  const min = Decimal.min(...open.map((p) => p.min_rate));
  const max = Decimal.max(...open.map((p) => p.max_rate));
  return { min: min.toFixed(), max: max.toFixed() };
}

/** The highest annualized rate among dual-invest products on sale (a fraction), or null. */
export function dualHighlight(products: readonly DualProduct[]): string | null {
  const onSale = products.filter((p) => p.status === 'on_sale');
  if (onSale.length === 0) return null;
  return Decimal.max(...onSale.map((p) => p.apr)).toFixed();
}
