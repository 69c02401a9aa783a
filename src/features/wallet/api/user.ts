import { sendCode } from '@contract/auth';
import { call } from '@/lib/http';

/** Re-reads the user so flags such as `has_pay_password` follow a change made here. */
export { refreshUser } from '@/lib/user';

/** A `security` code to the user's bound email, or mobile when no email is bound. */
export function sendSecurityCode(user: { email: string; phone: string; area_code: string }) {
  const data = user.email
    ? { user_string: user.email, type: 'email' as const, scene: 'security' as const }
    : { user_string: user.phone, type: 'mobile' as const, area_code: user.area_code, scene: 'security' as const };
  return call(sendCode, data);
}
