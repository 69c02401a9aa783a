import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AdState, CancelCause, MerchantState, OrderState, PayMethod } from '@contract/otc';
import type { QuantityProblem } from './otc';

// The words of the contract's values, in the OTC catalog.

export const METHOD_LABELS: Record<PayMethod, MessageDescriptor> = {
  bank: msg`Bank card`,
  international: msg`International transfer`,
};

export const ORDER_STATE_LABELS: Record<OrderState, MessageDescriptor> = {
  unpaid: msg`Awaiting payment`,
  paid: msg`Paid, awaiting release`,
  appeal: msg`Under appeal`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

export const CANCEL_LABELS: Record<CancelCause, MessageDescriptor> = {
  buyer: msg`Cancelled by the buyer`,
  timeout: msg`Not paid in time`,
  refund: msg`Refunded to the seller after the appeal`,
};

export const AD_STATE_LABELS: Record<AdState, MessageDescriptor> = {
  online: msg`Online`,
  paused: msg`Paused`,
  closed: msg`Closed`,
};

export const MERCHANT_STATE_LABELS: Record<MerchantState, MessageDescriptor> = {
  review: msg`Under review`,
  approved: msg`Approved`,
  rejected: msg`Refused`,
};

export const QUANTITY_PROBLEMS: Record<QuantityProblem, MessageDescriptor> = {
  invalid: msg`Enter a quantity with at most 8 decimals`,
  below_min: msg`Below the ad's minimum`,
  above_max: msg`Above the ad's maximum`,
  above_remaining: msg`More than the ad has left`,
};

/** The contract's error codes of the ad form's fields. */
const FIELD_ERRORS: Record<string, MessageDescriptor> = {
  field_required: msg`Required`,
  field_invalid: msg`Invalid value`,
  amount_invalid: msg`Enter a positive number`,
  amount_decimals: msg`Too many decimals`,
  otc_margin_range: msg`The margin must be within ±20%`,
  otc_min_above_max: msg`The minimum is above the maximum`,
  otc_max_above_total: msg`The maximum is above the total`,
};

export const fieldError = (code: string | undefined): MessageDescriptor | undefined =>
  code === undefined ? undefined : (FIELD_ERRORS[code] ?? FIELD_ERRORS.field_invalid);

/** Labels of the payee fields of a bound card (`pay_to`); other keys show as they are. */
export const PAY_TO_LABELS: Record<string, MessageDescriptor> = {
  real_name: msg`Name`,
  payee_name: msg`Name`,
  card_number: msg`Card number`,
  account_number: msg`Account number`,
  bank_name: msg`Bank`,
  bank_branch: msg`Branch`,
  bank_address: msg`Bank address`,
  province_city: msg`City`,
  swift_code: msg`SWIFT code`,
  aba_number: msg`ABA number`,
  phone: msg`Phone`,
  holder_address: msg`Address`,
  street_address: msg`Address`,
  city: msg`City`,
  country: msg`Country`,
};
