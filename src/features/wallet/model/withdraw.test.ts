import { describe, expect, it } from 'vitest';
import { chosenAddressId, minimumOf, receivedAmount } from './withdraw';

describe('withdraw terms', () => {
  const terms = { fee: '1.5', min: '10' };
  it('deducts the fee from the amount', () => {
    expect(receivedAmount('100', terms)).toBe('98.5');
    expect(receivedAmount('0.3', { fee: '0.1', min: '0' })).toBe('0.2');
  });
  it('has nothing to receive for bad amounts, amounts within the fee, or unknown terms', () => {
    expect(receivedAmount('abc', terms)).toBeNull();
    expect(receivedAmount('1.5', terms)).toBeNull();
    expect(receivedAmount('100', undefined)).toBeNull();
  });
  it('takes the larger of minimum and fee as the least amount', () => {
    expect(minimumOf(terms)).toBe('10');
    expect(minimumOf({ fee: '20', min: '10' })).toBe('20');
    expect(minimumOf(undefined)).toBeUndefined();
  });
});

describe('withdrawal address', () => {
  it('preselects the only bound address', () => {
    expect(chosenAddressId([{ id: 4 }], null)).toBe(4);
  });
  it('keeps the tapped address, and waits for a choice among several', () => {
    expect(chosenAddressId([{ id: 4 }, { id: 5 }], 5)).toBe(5);
    expect(chosenAddressId([{ id: 4 }, { id: 5 }], null)).toBeNull();
    expect(chosenAddressId(undefined, null)).toBeNull();
  });
  it('forgets a tapped address that is no longer bound (another coin)', () => {
    expect(chosenAddressId([{ id: 4 }, { id: 5 }], 9)).toBeNull();
  });
});
