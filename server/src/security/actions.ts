import { createHash } from 'node:crypto';
import { z } from 'zod';
import { antiPhishingCode } from '@contract/anti-phishing';
import { addressParams, withdrawParams } from '@contract/fund';
import type { StepUpAction } from '@contract/security';

/**
 * The parameters each confirmed action is bound to. Parsing a request with its action's schema
 * keeps exactly these fields (zod drops the rest: secrets and the token itself) with defaults
 * applied, so the screen's copy and the action's own request hash alike.
 */
export const ACTION_PARAMS: Record<StepUpAction, z.ZodType<Record<string, unknown>>> = {
  withdraw: withdrawParams,
  add_address: addressParams,
  // Secrets only (the new password): bound to the action and the account, never to a secret.
  login_password: z.object({}),
  pay_password: z.object({}),
  remove_totp: z.object({}),
  whitelist_off: z.object({}),
  // Bound to the passkey's id: a confirmation to remove one cannot remove another.
  remove_passkey: z.object({ id: z.number().int() }),
  // Bound to the new code: a confirmation to set one code cannot set another.
  anti_phishing: z.object({ anti_phishing_code: antiPhishingCode() }),
  remove_anti_phishing: z.object({}),
  withdraw_unfreeze: z.object({}),
};

/** Object keys sorted at every level, so equal parameters give one text whatever their order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The sha256 an action's confirmation is bound to; `params` already parsed by its schema. */
export function actionHash(action: StepUpAction, params: Record<string, unknown>): string {
  return createHash('sha256')
    .update(`${action}\n${JSON.stringify(canonical(params))}`)
    .digest('hex');
}

/** The hash of an action request as its endpoint parsed it (the fields of its schema only). */
export function requestHash(action: StepUpAction, input: Record<string, unknown>): string {
  return actionHash(action, ACTION_PARAMS[action].parse(input));
}
