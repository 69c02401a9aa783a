import { describe, expect, it } from 'vitest';
import { isSold, showsSale } from './sale';

describe('sale state on the screens', () => {
  it('shows a running, coming or ended sale that has not taken a buyer', () => {
    for (const status of ['not_started', 'started', 'ended'] as const) {
      const a = { sale_id: 7, status, buy_status: status === 'not_started' ? 2 : 0 } as const;
      expect(showsSale(a)).toBe(true);
      expect(isSold(a)).toBe(false);
    }
  });

  it('treats a bought artwork or blind box as sold, without its sale, before the sale would have ended', () => {
    const bought = { sale_id: 7, status: 'started', buy_status: 1 } as const;
    expect(isSold(bought)).toBe(true);
    expect(showsSale(bought)).toBe(false);
  });

  it('shows no sale on an artwork that never had one', () => {
    const none = { sale_id: null, status: null, buy_status: null };
    expect(showsSale(none)).toBe(false);
    expect(isSold(none)).toBe(false);
  });
});
