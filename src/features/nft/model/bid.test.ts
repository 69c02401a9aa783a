import { describe, expect, it } from 'vitest';
import { bidProblem, dueIfWon, marginToHold, plusIncrement } from './bid';

describe('bid sheet rules', () => {
  it('accepts a bid at or above the minimum next bid and refuses below it', () => {
    expect(bidProblem('110', '110')).toBeNull();
    expect(bidProblem('110.5', '110')).toBeNull();
    expect(bidProblem('109.99', '110')).toBe('below_min');
  });

  it('refuses what is not a positive amount with at most 10 decimals', () => {
    expect(bidProblem('', '1')).toBe('format');
    expect(bidProblem('abc', '1')).toBe('format');
    expect(bidProblem('0', null)).toBe('format');
    expect(bidProblem('1.12345678901', null)).toBe('format');
  });

  it('holds the margin on the first bid only and counts it toward the price', () => {
    expect(marginToHold({ margin: '20', margin_paid: false })).toBe('20');
    expect(marginToHold({ margin: '20', margin_paid: true })).toBe('0');
    expect(dueIfWon('150', '20')).toBe('130');
    expect(dueIfWon('10', '20')).toBe('0');
  });

  it('adds one increment in exact decimals', () => {
    expect(plusIncrement('0.1', '0.2')).toBe('0.3');
    expect(plusIncrement('', '5')).toBe('5');
  });
});
