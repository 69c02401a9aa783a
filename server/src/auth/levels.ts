import { Money } from '../ledger/money';

/** SPEC.md section 6: withdrawals per rolling 24 hours in BTC equivalent, by identity level. */
export const WITHDRAW_LIMIT_BTC: Record<number, string> = { 0: '0', 1: '200', 2: '500' };

/** What a verification level allows to withdraw per rolling 24 hours, in BTC equivalent. */
export const limitOf = (level: number) => new Money(WITHDRAW_LIMIT_BTC[Math.min(level, 2)] ?? '0');
