import { isKnownAreaCode } from '@contract/domain/areas';
import { isEmail, isMobileFor, isMobileNumber } from '@contract/domain/checkers';
import type { AccountType } from '@contract/auth';
import { AppError } from '../errors';

/** Where a code goes and which account it names: a lower-cased email or an area code + number. */
export type Destination =
  | { channel: 'email'; address: string; email: string }
  | { channel: 'sms'; address: string; areaCode: string; phone: string };

export function normalizeAreaCode(areaCode: string | undefined, field = 'area_code'): string {
  const code = (areaCode ?? '').trim().replace(/^\+/, '');
  if (code === '') throw new AppError('field_required', { field });
  if (!isKnownAreaCode(code)) throw new AppError('field_invalid', { field });
  return code;
}

export function toDestination(
  type: AccountType,
  value: string,
  areaCode: string | undefined,
  field: string,
): Destination {
  if (type === 'email') {
    const email = value.trim().toLowerCase();
    if (!isEmail(email)) throw new AppError('email_invalid', { field });
    return { channel: 'email', address: email, email };
  }
  const phone = value.replace(/[\s-]/g, '');
  if (!isMobileNumber(phone)) throw new AppError('mobile_invalid', { field });
  const code = normalizeAreaCode(areaCode);
  // A +86 number is a mainland mobile: 11 digits, 1 then 3-9.
  if (!isMobileFor(code, phone)) throw new AppError('mobile_invalid', { field });
  return { channel: 'sms', address: `+${code}${phone}`, areaCode: code, phone };
}
