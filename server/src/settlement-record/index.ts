export { appendRecords, readHead, type AppendInput, type SettlementTick } from './append';
export { leafDigest, partyHash, sha256 } from './hash';
export * from './repo';
export type { RecordInput, RecordLeaf } from '@contract/domain/settlement-chain';
