import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountName } from './accounts';

/** Account names as the screens show them. */
export const ACCOUNT_LABELS: Record<AccountName, MessageDescriptor> = {
  legal: msg`Fiat account`,
  change: msg`Exchange account`,
  lever: msg`Leverage account`,
  micro: msg`Options account`,
};
