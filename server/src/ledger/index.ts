/**
 * The double-entry ledger: the only code that changes balances. Every change is one transaction
 * of entries that sum to zero per currency; balances never go below zero (except the sources in
 * NEGATIVE_ALLOWED); holds set funds aside until released or posted.
 *
 * Writes take a database transaction (`inTransaction(db, tx => ...)` or `withIdempotency`), so a
 * service can post several ledger transactions and its own rows atomically.
 */
export { post } from './post';
export { hold, releaseHold, postHold, postHoldPart, type Hold, type HoldInput, type PostHoldInput } from './holds';
export { balances, balanceOf, systemBalance, type BalanceRow } from './queries';
export { checkInvariants, type InvariantReport } from './invariants';
export { inTransaction } from './transaction';
export { onBalancesCommitted, type BalanceChangeListener } from './balance-changes';
export { withIdempotency, idempotencyKeyOf, requestHash, type IdempotentRequest } from './idempotency';
export { creditDemoFunds, DEMO_FUNDS } from './demo';
export { money, toWire, Money, type MoneyInput } from './money';
export { shardFor } from './shards';
export {
  systemAccount,
  userAccount,
  SYSTEM_ACCOUNTS,
  NEGATIVE_ALLOWED,
  SHARDED,
  SYSTEM_SHARDS,
  LedgerError,
  type AccountRef,
  type Bucket,
  type EntryInput,
  type PostInput,
  type Posted,
  type PostedEntry,
  type SystemAccountName,
  type Tx,
} from './types';
