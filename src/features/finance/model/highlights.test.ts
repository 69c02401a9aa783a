import { describe, expect, it } from 'vitest';
import type { DualProduct } from '@contract/invest';
import type { IeoProject } from '@contract/ieo';
import type { LockProduct } from '@contract/lockming';
import { dualHighlight, ieoHighlight, lockHighlight } from './highlights';

const lock = (min_rate: string, max_rate: string, status = 1) => ({ min_rate, max_rate, status }) as LockProduct;
const dual = (apr: string, status: DualProduct['status'] = 'on_sale') => ({ apr, status }) as DualProduct;
const ieo = (state: IeoProject['state']) => ({ state }) as IeoProject;

describe('finance tab highlights', () => {
  it('counts IEO projects in progress and in warm-up', () => {
    expect(ieoHighlight([ieo('progress'), ieo('warmup'), ieo('ended'), ieo('progress')])).toEqual({
      inProgress: 2,
      warmUp: 1,
    });
  });

  it('spans the daily yields of open lock-mining products, ignoring withdrawn ones', () => {
    expect(lockHighlight([lock('0.003', '0.004'), lock('0.0025', '0.0035'), lock('0.001', '0.01', 0)])).toEqual({
      min: '0.0025',
      max: '0.004',
    });
    expect(lockHighlight([lock('0.001', '0.01', 0)])).toBeNull();
  });

  it('names the best dual-invest rate on sale, never a sold-out one', () => {
    expect(dualHighlight([dual('0.12'), dual('0.365'), dual('0.9', 'sold_out')])).toBe('0.365');
    expect(dualHighlight([dual('0.5', 'ended')])).toBeNull();
  });
});
