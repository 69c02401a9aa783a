import { describe, expect, it } from 'vitest';
import { NEWS_CATEGORY, newsIndexPop, newsList } from '@contract/content';
import { HOME_NEWS_CATEGORY, newsListRef, popupRef } from './home';

describe("home content's schema-free endpoint references", () => {
  it.each([
    [newsListRef, newsList],
    [popupRef, newsIndexPop],
  ])('match their contract entries', (ref, entry) => {
    expect({ method: ref.method, path: ref.path }).toEqual({ method: entry.method, path: entry.path });
  });

  it('use the contract’s news categories', () => {
    expect(HOME_NEWS_CATEGORY).toEqual(NEWS_CATEGORY);
  });
});
