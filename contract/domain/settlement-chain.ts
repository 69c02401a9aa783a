/**
 * The public settlement record: every outcome the system decides (a seconds contract settled, a
 * futures trigger, a spot fill, ...) is one record, and each record carries the hash of the one
 * before, so a record changed, removed or inserted after the fact breaks the chain from that point.
 * Built by the server (`server/src/settlement-record/`), checked by the browser with this same
 * code. The hash function is handed in (SHA-256 of @noble/hashes on both sides) because contract/
 * imports no package but zod; only the chain and its encoding are written here.
 *
 * A record's body is canonical JSON: object keys sorted, no whitespace, strings, integers, booleans,
 * null, arrays and objects only. Decimals are strings as stored, never floats, so the body is the
 * same bytes wherever it is encoded. The hash is SHA-256 of the body's UTF-8 bytes, hex.
 *
 * A record may settle many things at once (a batch of seconds contracts): each one is a leaf, the
 * canonical JSON of its own `{kind, pair, at, ref, data}`, and the record's `data.leaves` is the
 * ordered list of the leaves' hashes (SHA-256 of the leaf's UTF-8, hex). A leaf is checked by
 * hashing it and finding that hash at its index in a record of the verified chain (`verifyLeaf`).
 */

export type HashFn = (data: Uint8Array) => Uint8Array;

/** A value a record may hold: no floats, no undefined. */
export type RecordValue = string | number | boolean | null | RecordValue[] | { [key: string]: RecordValue };

/** The hash before the first record. */
export const GENESIS_HASH = '0'.repeat(64);
/** The version of the body's layout. */
export const RECORD_VERSION = 1;

export const SETTLEMENT_KINDS = [
  'spot_fill',
  'seconds',
  'futures_trigger',
  'futures_close',
  'nft_auction',
  'nft_forfeit',
  'nft_blind_box',
  'lock_mining',
  'dual_invest',
] as const;
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/** What a record says, before the chain places it. */
export interface RecordInput {
  kind: SettlementKind;
  /** The pair's symbol, or null for outcomes of no pair. */
  pair: string | null;
  /** When the outcome was decided, epoch ms. */
  at: number;
  /** What it settles, e.g. `seconds:42` (an order's history links to it). */
  ref: string;
  /** The inputs and the outcome. */
  data: { [key: string]: RecordValue };
}

/** One settled thing of a record that settles many: its ref and its canonical JSON (`leafBody`). */
export interface RecordLeaf {
  ref: string;
  body: string;
}

/** What a leaf's body says: the record input of that one thing. */
export type LeafBody = RecordInput;

/** The hashed body: the input placed in the chain. */
export interface RecordBody extends RecordInput {
  v: number;
  seq: number;
  prev: string;
}

/** A stored record: its canonical body and that body's hash. */
export interface ChainedRecord {
  seq: number;
  body: string;
  hash: string;
}

/** Canonical JSON of a value (sorted keys); throws on a float, a non-finite number or undefined. */
export function canonicalJson(value: RecordValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}; decimals are strings`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value !== 'object') throw new TypeError(`not a record value: ${typeof value}`);
  const keys = Object.keys(value).sort();
  const parts: string[] = [];
  for (const k of keys) {
    const v = value[k];
    if (v === undefined) throw new TypeError(`undefined at ${k}`);
    parts.push(`${JSON.stringify(k)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(',')}}`;
}

const HEX = '0123456789abcdef';
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += HEX[b >> 4]! + HEX[b & 15]!;
  return s;
}

const encoder = new TextEncoder();

/** The hash of a canonical body. */
export const hashBody = (hash: HashFn, body: string): string => toHex(hash(encoder.encode(body)));

/** Places records after `head` (seq and hash of the last record; 0 and GENESIS_HASH for none). */
export function chainRecords(
  hash: HashFn,
  head: { seq: number; hash: string },
  inputs: readonly RecordInput[],
): ChainedRecord[] {
  const out: ChainedRecord[] = [];
  let { seq, hash: prev } = head;
  for (const input of inputs) {
    seq += 1;
    const body = canonicalJson({ ...input, v: RECORD_VERSION, seq, prev } as unknown as RecordValue);
    const h = hashBody(hash, body);
    out.push({ seq, body, hash: h });
    prev = h;
  }
  return out;
}

/** A leaf's body: the canonical JSON of its record input. */
export const leafBody = (leaf: LeafBody): string => canonicalJson(leaf as unknown as RecordValue);

/** The body of a stored leaf, or null when it is not a leaf's body. */
export function parseLeaf(body: string): LeafBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const b = parsed as Partial<LeafBody>;
  const ok =
    typeof b.kind === 'string' &&
    typeof b.at === 'number' &&
    typeof b.ref === 'string' &&
    (b.pair === null || typeof b.pair === 'string') &&
    typeof b.data === 'object' &&
    b.data !== null;
  return ok ? (b as LeafBody) : null;
}

export type LeafFault = 'body' | 'not_canonical' | 'not_listed';

/**
 * Checks that `leaf` (its body, at `index` of the record's leaves) is part of `record`: the leaf is
 * a canonical leaf body naming `ref`, and its hash is the record's `data.leaves[index]`. The record
 * itself is checked in the chain by `verifyChain`.
 */
export function verifyLeaf(
  hash: HashFn,
  record: Pick<ChainedRecord, 'body'>,
  leaf: { ref: string; index: number; body: string },
): { ok: true; digest: string } | { ok: false; fault: LeafFault } {
  return verifyListedLeaf(hash, parseBody(record.body)?.data.leaves, leaf);
}

/**
 * `verifyLeaf` against a record's `data.leaves` parsed once (`listed`), for a list of many leaves of
 * one record: a record of thousands of leaves is not parsed again for each.
 */
export function verifyListedLeaf(
  hash: HashFn,
  listed: RecordValue | undefined,
  leaf: { ref: string; index: number; body: string },
): { ok: true; digest: string } | { ok: false; fault: LeafFault } {
  const parsed = parseLeaf(leaf.body);
  if (!parsed || parsed.ref !== leaf.ref) return { ok: false, fault: 'body' };
  let canonical: string;
  try {
    canonical = leafBody(parsed);
  } catch {
    return { ok: false, fault: 'not_canonical' };
  }
  if (canonical !== leaf.body) return { ok: false, fault: 'not_canonical' };
  const digest = hashBody(hash, leaf.body);
  const found = Array.isArray(listed) && listed[leaf.index] === digest;
  return found ? { ok: true, digest } : { ok: false, fault: 'not_listed' };
}

export type ChainFault = 'body' | 'not_canonical' | 'seq' | 'prev' | 'hash' | 'head';

export type ChainCheck =
  { ok: true; head: { seq: number; hash: string } } | { ok: false; seq: number; fault: ChainFault };

/** The body of a stored record, or null when it is not a record's body. */
export function parseBody(body: string): RecordBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const b = parsed as Partial<RecordBody>;
  const ok =
    typeof b.seq === 'number' &&
    typeof b.prev === 'string' &&
    typeof b.kind === 'string' &&
    typeof b.at === 'number' &&
    typeof b.ref === 'string' &&
    (b.pair === null || typeof b.pair === 'string') &&
    typeof b.data === 'object' &&
    b.data !== null &&
    b.v === RECORD_VERSION;
  return ok ? (b as RecordBody) : null;
}

/**
 * Checks consecutive records: each body parses, is canonical, names its own seq and the previous
 * record's hash, and hashes to its stored hash. `after` is what precedes the first record (the
 * genesis for seq 1, else the hash of the record before, e.g. a published head); `head`, when given,
 * is a published head the last record must match. The first fault is named with its seq.
 */
export function verifyChain(
  hash: HashFn,
  records: readonly ChainedRecord[],
  after: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH },
  head?: { seq: number; hash: string },
): ChainCheck {
  let prev = after;
  for (const r of records) {
    const body = parseBody(r.body);
    if (!body) return { ok: false, seq: r.seq, fault: 'body' };
    let canonical: string;
    try {
      canonical = canonicalJson(body as unknown as RecordValue);
    } catch {
      return { ok: false, seq: r.seq, fault: 'not_canonical' };
    }
    if (canonical !== r.body) return { ok: false, seq: r.seq, fault: 'not_canonical' };
    if (body.seq !== r.seq || r.seq !== prev.seq + 1) return { ok: false, seq: r.seq, fault: 'seq' };
    if (body.prev !== prev.hash) return { ok: false, seq: r.seq, fault: 'prev' };
    if (hashBody(hash, r.body) !== r.hash) return { ok: false, seq: r.seq, fault: 'hash' };
    prev = { seq: r.seq, hash: r.hash };
  }
  if (head && (head.seq !== prev.seq || head.hash !== prev.hash)) return { ok: false, seq: head.seq, fault: 'head' };
  return { ok: true, head: prev };
}
