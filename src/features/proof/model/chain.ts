import { sha256 } from '@noble/hashes/sha2.js';
import {
  parseBody,
  parseLeaf,
  verifyChain,
  verifyListedLeaf,
  type ChainCheck,
  type RecordValue,
} from '@contract/domain/settlement-chain';
import { recheckRecord, type Recheck } from '@contract/domain/settlement-outcomes';
import type { RecordLeafView, SettlementRecordView } from '@contract/record';
import { fetchChain } from '../api/proof';

export type ChainResult = ChainCheck & { checked: number; published: { seq: number; minute: number } | null };

/**
 * Walks the whole settlement chain page by page and checks it here, in the browser, with the same
 * code the server chains it with; the last published head is checked where the walk passes it.
 */
export async function verifyWholeChain(onProgress: (checked: number) => void): Promise<ChainResult> {
  let after = { seq: 0, hash: '' };
  let checked = 0;
  let published: { seq: number; hash: string; minute: number } | null = null;
  for (;;) {
    const page = await fetchChain(after.seq);
    if (checked === 0) after = page.after;
    published ??= page.published;
    const head =
      published && published.seq > after.seq && published.seq <= after.seq + page.records.length
        ? published
        : undefined;
    const upToHead = head ? page.records.filter((r) => r.seq <= head.seq) : page.records;
    const check = verifyChain(sha256, upToHead, after, head);
    const seen = published ? { seq: published.seq, minute: published.minute } : null;
    if (!check.ok) return { ...check, checked, published: seen };
    const rest = verifyChain(sha256, page.records.slice(upToHead.length), check.head);
    if (!rest.ok) return { ...rest, checked, published: seen };
    checked += page.records.length;
    onProgress(checked);
    after = rest.head;
    if (page.records.length === 0) return { ...rest, checked, published: seen };
  }
}

/** A scalar as recorded; lists and objects are shown by `FieldValue`, this is their fallback. */
export const text = (v: RecordValue): string =>
  v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export type Field = [name: string, value: RecordValue];

/**
 * A record's inputs and outcome as named values, in the body's key order. The hashes of the
 * leaves of a record of many are left out (thousands of them): `leavesOf` counts them, and each
 * leaf is shown and checked on its own.
 */
export function fieldsOf(r: SettlementRecordView): Field[] {
  const body = parseBody(r.body);
  if (!body) return [];
  return Object.entries(body.data).filter(([k]) => k !== 'leaves');
}

/** How many leaves a record of many lists (null: a record of one thing). */
export function leavesOf(r: SettlementRecordView): number | null {
  const leaves = parseBody(r.body)?.data.leaves;
  return Array.isArray(leaves) ? leaves.length : null;
}

/**
 * The outcome of a record recomputed here from its own fields (null: a kind whose formula is not
 * recomputed in the browser, or a record of many, whose leaves are each rechecked).
 */
export function recheckOf(r: SettlementRecordView): Recheck | null {
  const body = parseBody(r.body);
  if (!body || Array.isArray(body.data.leaves)) return null;
  return recheckRecord(sha256, body);
}

/** The hashes a record of many lists (`data.leaves`), parsed once for all its leaves. */
export const listedLeaves = (r: SettlementRecordView): RecordValue | undefined => parseBody(r.body)?.data.leaves;

/**
 * A leaf's inputs and outcome, whether its record lists its hash at its index (recomputed here from
 * the leaf's body), and its outcome recomputed. `listed`: the record's `listedLeaves`, when the
 * caller checks many leaves of one record.
 */
export function checkLeaf(
  record: SettlementRecordView,
  leaf: RecordLeafView,
  listed: RecordValue | undefined = listedLeaves(record),
): { fields: Field[]; digest: string | null; listed: boolean; recheck: Recheck | null } {
  const check = leaf.seq === record.seq ? verifyListedLeaf(sha256, listed, leaf) : null;
  const parsed = parseLeaf(leaf.body);
  return {
    fields: Object.entries(parsed?.data ?? {}),
    digest: check?.ok ? check.digest : null,
    listed: check?.ok ?? false,
    recheck: parsed ? recheckRecord(sha256, parsed) : null,
  };
}

/** The record's link to the one before, for display. */
export const prevOf = (r: SettlementRecordView): string => parseBody(r.body)?.prev ?? '';

/** Fields that hold a time (epoch ms): shown with their date beside the recorded number. */
export const isTimeField = (name: string, v: RecordValue): v is number =>
  typeof v === 'number' && v >= 1e12 && /(^at$|_at$|^day$|_day$)/.test(name);
