/**
 * The home popup notice shows once per notice: the ids of the notices this device has shown are
 * kept in local storage, so a reload does not show the same notice again and a newer notice (a
 * new id) shows once too. The list is bounded; the oldest ids go first.
 */

export const SEEN_KEY = 'content:popupSeen';
export const SEEN_MAX = 20;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function seenNotices(store: Store): number[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(SEEN_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    // A damaged value counts as nothing seen: the worst case is one notice shown again.
    return [];
  }
}

export function shouldShowNotice(store: Store, id: number): boolean {
  return !seenNotices(store).includes(id);
}

export function markNoticeSeen(store: Store, id: number): void {
  const ids = seenNotices(store).filter((v) => v !== id);
  ids.push(id);
  store.setItem(SEEN_KEY, JSON.stringify(ids.slice(-SEEN_MAX)));
}
