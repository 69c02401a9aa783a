import { proofMine, proofSnapshot, proofSnapshots } from '@contract/proof';
import { CHAIN_PAGE_MAX, recordChain, recordLeaves, recordList, recordOf, recordTicks } from '@contract/record';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import type { Snapshot } from '@contract/proof';
import { cacheGet, cachePut, type CacheRow } from '@/lib/db';
import { call } from '@/lib/http';

export interface RecordFilter {
  kind?: SettlementKind;
  pair?: string;
  from?: number;
  to?: number;
}

export const fetchSnapshots = (page: number) => call(proofSnapshots, { page, limit: 20 });

/** The newest snapshots as the list shows them, kept on the device under this key. */
export const SNAPSHOTS_KEY = 'proof:snapshots';
export const fetchLatestSnapshots = () => fetchSnapshots(1).then((r) => r.data);

/**
 * One published snapshot. Offline (or when the server cannot answer), the copy the device saved
 * when it last read it or the list, with the time it was saved: a proof is then checked against
 * the root as published then, and the page says so.
 */
export async function fetchSnapshot(id: number): Promise<{ snapshot: Snapshot; savedAt?: number }> {
  try {
    const snapshot = await call(proofSnapshot, { id });
    await cachePut(snapshotKey(id), snapshot).catch((error: unknown) =>
      console.warn('proof: snapshot not kept', error),
    );
    return { snapshot };
  } catch (error) {
    const kept = (await cacheGet<Snapshot>(snapshotKey(id))) ?? fromList(id, await cacheGet<Snapshot[]>(SNAPSHOTS_KEY));
    if (!kept) throw error;
    return { snapshot: kept.value, savedAt: kept.savedAt };
  }
}

const snapshotKey = (id: number) => `proof:snapshot:${id}`;
function fromList(id: number, list: CacheRow<Snapshot[]> | undefined): CacheRow<Snapshot> | undefined {
  const found = list?.value.find((s) => s.id === id);
  return found && list ? { ...list, value: found } : undefined;
}
/** The signed-in user's own proofs of a snapshot. */
export const fetchMyProofs = (id: number) => call(proofMine, { id });

export const fetchRecords = (filter: RecordFilter, page: number) => call(recordList, { ...filter, page, limit: 20 });
export const fetchChain = (after: number) => call(recordChain, { after, limit: CHAIN_PAGE_MAX });
export const fetchRecordOf = (ref: string) => call(recordOf, { ref });
/** Leaves of a record of many per page (the paging default of SPEC.md section 7): each is shown in full and checked as it arrives. */
export const LEAVES_PAGE = 10;
export const fetchLeaves = (seq: number, page: number) => call(recordLeaves, { seq, page, limit: LEAVES_PAGE });

export interface TickFilter {
  pair?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}
/** The feed ticks settlements used, newest first. */
export const fetchTicks = (filter: TickFilter, page: number) => call(recordTicks, { ...filter, page, limit: 20 });
