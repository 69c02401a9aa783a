import { describe, expect, it } from 'vitest';
import { offsetOf, paged, pageWithTotal } from './paging';

describe('paging', () => {
  it('skips the rows of earlier pages', () => {
    expect(offsetOf({ page: 1, limit: 10 })).toBe(0);
    expect(offsetOf({ page: 3, limit: 5 })).toBe(10);
  });

  it('counts the last page, at least one, from a total a database may answer as text', () => {
    expect(paged(['a'], '21', { page: 3, limit: 10 })).toEqual({
      data: ['a'],
      total: 21,
      current_page: 3,
      last_page: 3,
    });
    expect(paged([], 0, { page: 1, limit: 10 })).toEqual({ data: [], total: 0, current_page: 1, last_page: 1 });
  });

  it('answers a page with the count of its filter, none counted as 0', async () => {
    expect(await pageWithTotal(Promise.resolve(['a', 'b']), Promise.resolve([{ n: '12' }]))).toEqual({
      rows: ['a', 'b'],
      total: 12,
    });
    expect(await pageWithTotal(Promise.resolve([]), Promise.resolve([]))).toEqual({ rows: [], total: 0 });
  });
});
