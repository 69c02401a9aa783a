import { sendCode, sendSms } from '@contract/auth';
import { bindEmail, bindMobile, realState, submitReal } from '@contract/identity';
import type { RequestOf } from '@contract/define';
import { call } from '@/lib/http';

export const fetchRealState = () => call(realState, {}, { silent: true });
export const requestReal = (data: RequestOf<typeof submitReal>) => call(submitReal, data);
export const requestBindEmail = (data: RequestOf<typeof bindEmail>) => call(bindEmail, data);
export const sendBindEmailCode = (email: string) =>
  call(sendCode, { user_string: email, type: 'email', scene: 'bind_email' });
export const requestBindMobile = (data: RequestOf<typeof bindMobile>) => call(bindMobile, data);
/** The server sends the `bind_mobile` code through `/sms_send` (signed in, number must be free). */
export const sendBindMobileCode = (data: RequestOf<typeof sendSms>) => call(sendSms, data);

/** Re-reads the user so the verification state shown elsewhere follows a change made here. */
export { refreshUser } from '@/lib/user';
