import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AmountProblem } from './amount';

/** SPEC.md section 8 wording for amounts the screens refuse before sending. */
export const AMOUNT_MESSAGES: Record<AmountProblem, MessageDescriptor> = {
  invalid: msg`Please enter the correct quantity, price or amount`,
  zero: msg`Please enter the correct quantity, price or amount`,
  insufficient: msg`Insufficient balance`,
  below_min: msg`The amount is below the minimum`,
};
