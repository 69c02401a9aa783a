import { describe, expect, it, vi } from 'vitest';
import { activeFilters, listName, NO_FILTER, toRequest } from './filters';
import { saveCsv } from './download';

const NOW = Date.UTC(2030, 0, 31, 12);

describe('bill filters', () => {
  it('sends only the filters that are set, a range as the last days up to now', () => {
    expect(toRequest({ type: 'all', currency: 0, range: 'all' }, NOW)).toEqual({});
    expect(toRequest({ type: 'futures', currency: 3, range: '7d' }, NOW)).toEqual({
      type: 'futures',
      currency: 3,
      from: NOW - 7 * 86_400_000,
    });
    expect(toRequest(NO_FILTER, NOW)).toEqual({ from: NOW - 30 * 86_400_000 });
  });

  it('names one stored list per filter and counts the active ones', () => {
    expect(listName({ type: 'coupon', currency: 1, range: '90d' })).toBe('bills:coupon:1:90d');
    expect(listName(NO_FILTER)).not.toBe(listName({ ...NO_FILTER, range: '7d' }));
    expect(activeFilters({ type: 'all', currency: 0, range: 'all' })).toBe(0);
    expect(activeFilters({ type: 'spot', currency: 3, range: '7d' })).toBe(3);
  });
});

describe('CSV download', () => {
  it('offers the server CSV as a UTF-8 file under its name', async () => {
    const blobs: Blob[] = [];
    const create = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:bills';
    });
    const revoke = vi.fn();
    const url = globalThis.URL as unknown as Record<string, unknown>;
    const saved = { create: url.createObjectURL, revoke: url.revokeObjectURL };
    url.createObjectURL = create;
    url.revokeObjectURL = revoke;
    const clicked: { href: string; download: string }[] = [];
    const doc = {
      body: { append: vi.fn() },
      createElement: () => {
        const a = { href: '', download: '', rel: '', style: {}, remove: vi.fn(), click: () => clicked.push(a) };
        return a;
      },
    } as unknown as Document;
    try {
      const csv = '\uFEFFid,reason\r\n1,"a, ""b"""\r\n';
      expect(saveCsv('bills-20300101-20300131.csv', csv, doc)).toBe(true);
      expect(clicked).toEqual([
        expect.objectContaining({ href: 'blob:bills', download: 'bills-20300101-20300131.csv' }),
      ]);
      expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
      const bytes = await blobs[0]!.arrayBuffer();
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv);
    } finally {
      url.createObjectURL = saved.create;
      url.revokeObjectURL = saved.revoke;
    }
  });
});
