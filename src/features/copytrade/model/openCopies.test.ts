import { describe, expect, it } from 'vitest';
import { hasOpenCopies } from './openCopies';

describe('hasOpenCopies', () => {
  it('is true only while the follow holds margin in open copies', () => {
    expect(hasOpenCopies({ used_amount: '0' })).toBe(false);
    expect(hasOpenCopies({ used_amount: '0.00' })).toBe(false);
    expect(hasOpenCopies({ used_amount: '' })).toBe(false);
    expect(hasOpenCopies({ used_amount: '12.5' })).toBe(true);
  });
});
