import { sendCode } from '@contract/auth';
import type { RequestOf } from '@contract/define';
import { updatePassword } from '@contract/identity';
import { setStayLoggedIn } from '@contract/profile';
import { call } from '@/lib/http';

/** A `password` code to the bound email, or the bound mobile when no email is bound. */
export function sendPasswordCode(user: { email: string; phone: string; area_code: string }) {
  const data = user.email
    ? { user_string: user.email, type: 'email' as const, scene: 'password' as const }
    : { user_string: user.phone, type: 'mobile' as const, area_code: user.area_code, scene: 'password' as const };
  return call(sendCode, data);
}

export const changePassword = (data: RequestOf<typeof updatePassword>) => call(updatePassword, data);
export const saveStayLoggedIn = (on: boolean) => call(setStayLoggedIn, { stay_logged_in: on ? '1' : '0' });
