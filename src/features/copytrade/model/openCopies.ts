import { Decimal } from 'decimal.js';
import type { Follow } from '@contract/copytrade';

/** Whether a follow has copies open now: their margin is above zero. */
export const hasOpenCopies = (follow: Pick<Follow, 'used_amount'>): boolean => {
  const margin = new Decimal(follow.used_amount || '0');
  return margin.isFinite() && margin.gt(0);
};
