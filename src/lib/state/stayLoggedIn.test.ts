import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { appStore, endSessionIfAppWasClosed, signIn, signOut, tokenAtom } from '.';

const user = (stay: boolean) => ({ id: 1, stay_logged_in: stay }) as User;

const marks = new Map<string, string>();
const sessionStorage = {
  getItem: (k: string) => marks.get(k) ?? null,
  setItem: (k: string, v: string) => void marks.set(k, v),
  clear: () => marks.clear(),
};
const storage = () => sessionStorage;

afterEach(() => {
  signOut();
  sessionStorage.clear();
});

describe('stay logged in', () => {
  it('ends the stored session when the app starts again after being closed, if the account chose so', () => {
    signIn('tok', user(false));
    const revoke = vi.fn();
    expect(endSessionIfAppWasClosed(revoke, storage)).toBe(true);
    expect(revoke).toHaveBeenCalledWith('tok');
    expect(appStore.get(tokenAtom)).toBe('');
  });

  it('keeps the session while the app stays open, and always when staying logged in', () => {
    signIn('tok', user(false));
    sessionStorage.setItem('appOpen', '1');
    const revoke = vi.fn();
    expect(endSessionIfAppWasClosed(revoke, storage)).toBe(false);
    sessionStorage.clear();
    signIn('tok', user(true));
    expect(endSessionIfAppWasClosed(revoke, storage)).toBe(false);
    expect(revoke).not.toHaveBeenCalled();
    expect(appStore.get(tokenAtom)).toBe('tok');
  });
});
