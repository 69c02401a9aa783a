export { appendRecords, readHead } from './append';
export { partyHash, sha256 } from './hash';
export * from './repo';
export type { RecordInput } from '@contract/domain/settlement-chain';
