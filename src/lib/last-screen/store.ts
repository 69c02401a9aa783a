import { LAST_SCREEN_KEY_PREFIX, LAST_SCREEN_MAX_CHARS, type LastScreen } from './format';

export type SaveOutcome = 'saved' | 'not-a-tab' | 'too-large' | 'failed';

function keptKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(LAST_SCREEN_KEY_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * Keeps `entry` as the last screen of the tab at `path`, one of `tabs`; a path that is no longer a
 * tab loses its entry. A page over the size limit is not kept (the tab's previous entry stays), nor
 * one the storage refuses (quota): its previous entry goes, since it is older than what was shown.
 */
export function saveLastScreen(
  storage: Storage,
  path: string,
  entry: LastScreen,
  tabs: readonly string[],
): SaveOutcome {
  if (!tabs.includes(path)) return 'not-a-tab';
  for (const key of keptKeys(storage)) {
    if (!tabs.includes(key.slice(LAST_SCREEN_KEY_PREFIX.length))) storage.removeItem(key);
  }
  if (entry.html.length > LAST_SCREEN_MAX_CHARS) return 'too-large';
  const key = LAST_SCREEN_KEY_PREFIX + path;
  try {
    storage.setItem(key, JSON.stringify(entry));
    return 'saved';
  } catch (error) {
    storage.removeItem(key);
    console.warn(`last screen of ${path} not saved`, error);
    return 'failed';
  }
}

/** Forgets every tab's last screen (sign-out, another account signing in). */
export function clearLastScreens(storage: Storage): void {
  for (const key of keptKeys(storage)) storage.removeItem(key);
}
