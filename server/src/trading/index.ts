/**
 * Spot and stock trading: the matching engine (`engine/`, pure) and the core around it that holds
 * funds, settles fills through the ledger and stores orders and trades by group commit.
 */
export { Trading, MAX_BATCH, type TradingCoreOptions } from './core';
export { PAIRS, type PairSpec } from './pairs';
export type * from './types';
