import { msg } from '@lingui/core/macro';
import type { OrderListTexts } from '@/components/OrderListShell';

// Declared here so they stay in this feature's catalog, whose wording in some languages differs
// from the shell's.
export const LIST_TEXTS: OrderListTexts = {
  pulling: msg`Pull down to refresh`,
  canRelease: msg`Release to refresh`,
  refreshing: msg`Refreshing`,
  complete: msg`Refreshed`,
  noMore: msg`No more data`,
  failedMore: msg`Could not load more. Pull down to try again.`,
};
