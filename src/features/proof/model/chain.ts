import { sha256 } from '@noble/hashes/sha2.js';
import { parseBody, verifyChain, type ChainCheck, type RecordValue } from '@contract/domain/settlement-chain';
import type { SettlementRecordView } from '@contract/record';
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

/** A record's inputs and outcome as label and text pairs, in the body's key order. */
export function fieldsOf(r: SettlementRecordView): [string, string][] {
  const body = parseBody(r.body);
  if (!body) return [];
  const text = (v: RecordValue): string => (v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.entries(body.data).map(([k, v]) => [k, text(v)]);
}

/** The record's link to the one before, for display. */
export const prevOf = (r: SettlementRecordView): string => parseBody(r.body)?.prev ?? '';
