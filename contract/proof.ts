import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { PROOF_FORMAT } from './domain/merkle-sum-proof';
import { id, paging } from './domain/wire';

/**
 * Proof of liabilities: a snapshot sums every user's balance per currency (all accounts,
 * available and held, futures unrealised profit at the feed's price, coins owed by products) into a
 * Merkle-sum tree (`domain/merkle-sum.ts`) and publishes its root and totals. Each user fetches the
 * inclusion proofs of their own leaves and checks them in the browser or with
 * `npm run verify:proof`. Amounts in the tree are integers in minor units (`scale` decimals,
 * rounded up, so a liability is never understated).
 */

const hash = z.string().regex(/^[0-9a-f]{64}$/);
const units = z.string().regex(/^(0|[1-9][0-9]{0,19})$/);
/** Sums are checked by the verifier, which names a bad one; the schema only bounds their size. */
const node = z.object({ hash, sums: z.array(z.string().max(40)).max(256) });

/** Reserves beside the liabilities: the house's ledger holdings in demo mode, else an attestation or none. */
export const reservesSchema = z.object({
  status: z.enum(['demo', 'attested', 'not_attested']),
  /** Per currency of the snapshot, decimal strings; absent when not attested. */
  amounts: z.record(z.string(), z.string()).nullable(),
  source: z.string().nullable(),
  attested_at: z.number().int().nullable(),
});
export type Reserves = z.infer<typeof reservesSchema>;

export const snapshotSchema = z.object({
  id: z.number().int(),
  /** Epoch ms of the consistent read. */
  taken_at: z.number().int(),
  trigger: z.enum(['daily', 'staff']),
  root_hash: hash,
  scale: z.number().int(),
  currencies: z.array(z.string()),
  /** Per currency (same order), in minor units. */
  totals: z.array(units),
  leaf_count: z.number().int(),
  user_count: z.number().int(),
  reserves: reservesSchema,
  /** The settlement record's head as of the snapshot's read (`contract/record.ts`); null: no record yet. */
  record_head: z.object({ seq: z.number().int(), hash }).nullable(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/** The proof file a user downloads and anyone can check. */
export const inclusionProofSchema = z.object({
  format: z.literal(PROOF_FORMAT),
  snapshot_id: z.number().int(),
  taken_at: z.string().max(40),
  scale: z.number().int().min(0).max(18),
  currencies: z.array(z.string().max(16)).min(1).max(256),
  leaf_count: z.number().int().min(1),
  leaf: z.object({
    index: z.number().int().min(0),
    nonce: hash,
    user_hash: hash,
    balances: z.array(z.string().max(40)).max(256),
    hash,
  }),
  path: z.array(z.object({ sibling: node, node })).max(64),
  root: node,
});

export const proofSnapshots = endpoint({
  method: 'GET',
  path: '/proof/snapshots',
  auth: false,
  summary: 'Published proof-of-liabilities snapshots, newest first',
  tags: ['proof'],
  request: paging(),
  response: pagedSchema(snapshotSchema),
});

export const proofSnapshot = endpoint({
  method: 'GET',
  path: '/proof/snapshot',
  auth: false,
  summary: 'One published snapshot (root, totals, reserves)',
  tags: ['proof'],
  request: z.object({ id: id() }),
  response: snapshotSchema,
});

/** The caller's own leaves of a snapshot, each with its path to the root; nobody else's. */
export const proofMine = endpoint({
  method: 'GET',
  path: '/proof/mine',
  auth: true,
  summary: "The signed-in user's inclusion proofs for a snapshot",
  tags: ['proof'],
  request: z.object({ id: id() }),
  response: z.object({ snapshot: snapshotSchema, proofs: z.array(inclusionProofSchema) }),
});

/** Takes a snapshot now (one at a time: a request during one gets that one). Audited. */
export const adminProofSnapshot = endpoint({
  method: 'POST',
  path: '/admin/proof/snapshot',
  auth: 'staff',
  summary: 'Take a proof-of-liabilities snapshot now (audited)',
  tags: ['admin', 'proof'],
  request: z.object({}),
  response: snapshotSchema,
});

/** A proof file: one proof, or every proof of a user for a snapshot (what the download saves). */
export const proofFileSchema = z.union([
  inclusionProofSchema.transform((p) => [p]),
  z.array(inclusionProofSchema).min(1).max(16),
]);
