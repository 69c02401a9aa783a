import { createJSONStorage } from 'jotai/utils';

/** Bumping this wipes every stored key once on the next start (SPEC.md section 9). */
export const STORAGE_VERSION = '1';
const VERSION_KEY = 'h5Version';

export function localStorageOrNull(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Safari private mode and sandboxed frames throw on access.
    return null;
  }
}

/**
 * Clears local storage once when it was written by an older storage layout. Runs before any atom
 * reads storage so stale shapes never reach the app. Returns whether it cleared.
 */
export function resetStorageOnce(storage: Storage | null = localStorageOrNull()): boolean {
  if (!storage) return false;
  if (storage.getItem(VERSION_KEY) === STORAGE_VERSION) return false;
  storage.clear();
  storage.setItem(VERSION_KEY, STORAGE_VERSION);
  return true;
}

/** Where values live when localStorage is unavailable (tests, private modes): this session only. */
const fallback = memoryStorage();

/** JSON over localStorage for one atom's value type. */
export const jsonStorage = <T>() => createJSONStorage<T>(() => localStorageOrNull() ?? fallback);

/** Storage kept in memory, starting with `entries`: this session only. */
export function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}

export function readStored(key: string): string | null {
  return localStorageOrNull()?.getItem(key) ?? null;
}

export function writeStored(key: string, value: string): void {
  try {
    localStorageOrNull()?.setItem(key, value);
  } catch (error) {
    // Quota exceeded: the value simply lives for this session only.
    console.warn(`storage: ${key} not saved`, error);
  }
}
