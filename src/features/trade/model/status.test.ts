import { describe, expect, it } from 'vitest';
import { outcomeOf } from './status';

describe('order outcome', () => {
  it('calls a market buy ended with an unspent remainder filled, and tells partial cancels apart', () => {
    expect(outcomeOf({ status: 'open', filled: '0', cancel_reason: null })).toBe('placed');
    expect(outcomeOf({ status: 'partial', filled: '0.1', cancel_reason: null })).toBe('partial');
    expect(outcomeOf({ status: 'filled', filled: '1', cancel_reason: null })).toBe('filled');
    expect(outcomeOf({ status: 'cancelled', filled: '0.0005', cancel_reason: 'market_remainder' })).toBe(
      'filled_rest_returned',
    );
    expect(outcomeOf({ status: 'cancelled', filled: '0.2', cancel_reason: 'user' })).toBe(
      'partly_filled_rest_cancelled',
    );
    expect(outcomeOf({ status: 'cancelled', filled: '0', cancel_reason: 'user' })).toBe('cancelled');
  });
});
