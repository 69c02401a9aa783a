import { describe, expect, it } from 'vitest';
import { markNoticeSeen, SEEN_KEY, SEEN_MAX, seenNotices, shouldShowNotice } from './popup';

const memory = (init: Record<string, string> = {}) => {
  const data = new Map(Object.entries(init));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('popup notice once per notice', () => {
  it('shows a notice until it has been seen, then not again; a newer notice shows once', () => {
    const store = memory();
    expect(shouldShowNotice(store, 7)).toBe(true);
    markNoticeSeen(store, 7);
    expect(shouldShowNotice(store, 7)).toBe(false);
    expect(shouldShowNotice(store, 8)).toBe(true);
    markNoticeSeen(store, 8);
    expect(seenNotices(store)).toEqual([7, 8]);
  });

  it('keeps the newest ids only and ignores a damaged value', () => {
    const store = memory();
    for (let id = 1; id <= SEEN_MAX + 5; id++) markNoticeSeen(store, id);
    expect(seenNotices(store)).toHaveLength(SEEN_MAX);
    expect(shouldShowNotice(store, SEEN_MAX + 5)).toBe(false);
    expect(shouldShowNotice(store, 1)).toBe(true);
    expect(shouldShowNotice(memory({ [SEEN_KEY]: '{not json' }), 1)).toBe(true);
    expect(seenNotices(memory({ [SEEN_KEY]: '["x", 3, 2.5]' }))).toEqual([3]);
  });
});
