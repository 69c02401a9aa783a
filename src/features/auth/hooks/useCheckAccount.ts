import { useAtomValue } from 'jotai';
import type { AccountType } from '@contract/auth';
import { useValidator } from '@/lib/validation';
import { accountSchema, accountValues } from '../model/schemas';
import { areaAtom } from '../state/area';

/** Checks the typed account with the dialling code currently chosen on the area picker. */
export function useCheckAccount() {
  const validate = useValidator();
  const area = useAtomValue(areaAtom);
  return (type: AccountType, value: string) =>
    validate(accountSchema(type), accountValues({ type, value, dialCode: area.dialCode }));
}
