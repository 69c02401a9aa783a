import { describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { resetStorageOnce, STORAGE_VERSION } from './storage';
import {
  appStore,
  deviceKeyAtom,
  fiatAtom,
  isLoggedInAtom,
  languageAtom,
  networkAtom,
  signIn,
  signOut,
  tokenAtom,
  userAtom,
} from '.';

function fakeStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: vi.fn(() => map.clear()),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('resetStorageOnce (h5Version 1)', () => {
  it('clears storage written by an older layout and records the version', () => {
    const s = fakeStorage({ token: '"old"', h5Version: '0' });
    expect(resetStorageOnce(s)).toBe(true);
    expect(s.getItem('token')).toBeNull();
    expect(s.getItem('h5Version')).toBe(STORAGE_VERSION);
  });

  it('clears storage that has no version at all', () => {
    const s = fakeStorage({ lang: '"en"' });
    expect(resetStorageOnce(s)).toBe(true);
    expect(s.length).toBe(1);
  });

  it('leaves current storage alone, so it happens only once', () => {
    const s = fakeStorage({ token: '"keep"', h5Version: '1' });
    expect(resetStorageOnce(s)).toBe(false);
    expect(s.clear).not.toHaveBeenCalled();
    expect(s.getItem('token')).toBe('"keep"');
  });
});

describe('atoms', () => {
  it('have the defaults of SPEC.md section 3', () => {
    expect(appStore.get(languageAtom)).toBe('hk');
    expect(appStore.get(networkAtom)).toBe('TRC20');
    expect(appStore.get(fiatAtom)).toMatchObject({ currency_code: 'USD', rate: '1' });
    expect(appStore.get(tokenAtom)).toBe('');
    expect(appStore.get(deviceKeyAtom)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('session', () => {
  const user = { id: 7, nickname: 'Ann', account_number: 'ann@example.com' } as User;

  it('signIn stores token and user; signOut clears both', () => {
    signIn('tok', user);
    expect(appStore.get(tokenAtom)).toBe('tok');
    expect(appStore.get(userAtom)).toEqual(user);
    expect(appStore.get(isLoggedInAtom)).toBe(true);
    signOut();
    expect(appStore.get(tokenAtom)).toBe('');
    expect(appStore.get(userAtom)).toBeNull();
    expect(appStore.get(isLoggedInAtom)).toBe(false);
  });
});
