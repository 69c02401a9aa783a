import { proofMine, proofSnapshot, proofSnapshots } from '@contract/proof';
import { call } from '@/lib/http';

export const fetchSnapshots = (page: number) => call(proofSnapshots, { page, limit: 20 });
export const fetchSnapshot = (id: number) => call(proofSnapshot, { id });
/** The signed-in user's own proofs of a snapshot. */
export const fetchMyProofs = (id: number) => call(proofMine, { id });
