import type { AccountType, CodeScene } from '@contract/auth';
import { requestCode } from '../api/sendCode';
import { useCheckAccount } from './useCheckAccount';
import type { FieldError } from '@/components/FormField';

/**
 * Sends a code to the typed destination once it is a valid address or number. Resolves with the
 * seconds until the next send is allowed, or false when the destination is not valid yet.
 */
export function useSendCode(scene: CodeScene, onInvalid: (error: FieldError) => void) {
  const checkAccount = useCheckAccount();
  return async (type: AccountType, destination: string): Promise<number | false> => {
    const checked = checkAccount(type, destination);
    if (!checked.ok) {
      onInvalid({ field: checked.field, message: checked.message });
      return false;
    }
    const reply = await requestCode({ ...checked.data, type, scene });
    return reply.resend_in;
  };
}
