import { proofMine, proofSnapshot, proofSnapshots } from '@contract/proof';
import { CHAIN_PAGE_MAX, recordChain, recordList, recordOf } from '@contract/record';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import { call } from '@/lib/http';

export interface RecordFilter {
  kind?: SettlementKind;
  pair?: string;
  from?: number;
  to?: number;
}

export const fetchSnapshots = (page: number) => call(proofSnapshots, { page, limit: 20 });
export const fetchSnapshot = (id: number) => call(proofSnapshot, { id });
/** The signed-in user's own proofs of a snapshot. */
export const fetchMyProofs = (id: number) => call(proofMine, { id });

export const fetchRecords = (filter: RecordFilter, page: number) => call(recordList, { ...filter, page, limit: 20 });
export const fetchChain = (after: number) => call(recordChain, { after, limit: CHAIN_PAGE_MAX });
export const fetchRecordOf = (ref: string) => call(recordOf, { ref });
