import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { idSearch, oneOf, searchValidator } from '../search-kit';

/** Tabs of the lock-mining orders page (SPEC.md section 4: in progress, redeemed). */
export const LOCK_ORDER_TABS = ['in_progress', 'redeemed'] as const;
export type LockOrderTab = (typeof LOCK_ORDER_TABS)[number];

export const lockming = routeGroup(
  'lockming',
  {
    lockming: msg`Lock mining`,
    buy: msg`Join mining`,
    order: msg`Locked positions`,
    welcome: msg`Lock mining`,
  },
  {
    buy: idSearch(),
    order: searchValidator<{ state?: LockOrderTab }, { state: LockOrderTab }>((raw) => ({
      state: oneOf(LOCK_ORDER_TABS, raw.state) ?? 'in_progress',
    })),
  },
);
