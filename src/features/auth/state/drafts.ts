import { atom } from 'jotai';
import type { AccountType } from '@contract/auth';

/**
 * What the user has typed so far, kept in memory (never in storage) so a form is intact after a
 * visit to the area picker. Cleared after a successful submit.
 */

export interface LoginDraft {
  type: AccountType;
  user_string: string;
  password: string;
}

export interface RegisterDraft {
  type: AccountType;
  user_string: string;
  code: string;
  password: string;
  re_password: string;
  extension_code: string;
  /** Acceptance of the user agreement; never sent, only required before sending. */
  agreed: boolean;
}

export interface ForgetDraft {
  type: AccountType;
  account: string;
  code: string;
  password: string;
  repassword: string;
}

export const emptyLogin = (): LoginDraft => ({ type: 'email', user_string: '', password: '' });
export const emptyRegister = (): RegisterDraft => ({
  type: 'email',
  user_string: '',
  code: '',
  password: '',
  re_password: '',
  extension_code: '',
  agreed: false,
});
export const emptyForget = (): ForgetDraft => ({
  type: 'email',
  account: '',
  code: '',
  password: '',
  repassword: '',
});

export const loginDraftAtom = atom<LoginDraft>(emptyLogin());
export const registerDraftAtom = atom<RegisterDraft>(emptyRegister());
export const forgetDraftAtom = atom<ForgetDraft>(emptyForget());
