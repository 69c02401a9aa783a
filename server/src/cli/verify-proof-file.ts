import { sha256 } from '@noble/hashes/sha2.js';
import { unitsToDecimal, type NodeWire } from '@contract/domain/merkle-sum';
import { verifyProof, type Check, type InclusionProof } from '@contract/domain/merkle-sum-proof';
import { proofFileSchema, snapshotSchema } from '@contract/proof';

const CHECK_NAMES: Record<Check['name'], string> = {
  shape: 'proof file is complete',
  leaf_range: 'leaf amounts are not negative and below 2^64',
  leaf_hash: 'leaf hash',
  level_range: 'sums within range',
  level_sums: 'sums add up',
  level_hash: 'hash',
  root_hash: 'root hash matches the published root',
  root_sums: 'root sums match the published totals',
};

const describe = (c: Check) =>
  c.level === undefined ? CHECK_NAMES[c.name] : `level ${c.level}: ${CHECK_NAMES[c.name]}`;

/** The proofs of a proof file's text, or a reason it is not one. */
export function parseProofFile(text: string): InclusionProof[] | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const parsed = proofFileSchema.safeParse(json);
  return parsed.success ? (parsed.data as InclusionProof[]) : 'not a proof file';
}

/** The published root of a snapshot, from the exchange's public API (`/api/proof/snapshot`). */
export async function fetchPublishedRoot(api: string, snapshotId: number): Promise<NodeWire> {
  const res = await fetch(`${api.replace(/\/$/, '')}/proof/snapshot?id=${snapshotId}`);
  const body = (await res.json()) as { type: string; message: unknown };
  if (body.type !== 'ok') throw new Error(`snapshot ${snapshotId}: ${JSON.stringify(body.message)}`);
  const snapshot = snapshotSchema.parse(body.message);
  return { hash: snapshot.root_hash, sums: snapshot.totals };
}

/** Verifies every proof; returns the lines to print and whether all checks passed. */
export function verifyProofs(
  proofs: readonly InclusionProof[],
  published: NodeWire | null,
): { ok: boolean; lines: string[] } {
  const lines: string[] = [];
  let ok = true;
  for (const proof of proofs) {
    const result = verifyProof(proof, sha256, published ?? proof.root);
    ok &&= result.ok;
    lines.push(`snapshot ${proof.snapshot_id}, leaf ${proof.leaf.index}:`);
    proof.currencies.forEach((c, i) =>
      lines.push(`  ${c}: ${unitsToDecimal(proof.leaf.balances[i] ?? '0', proof.scale)}`),
    );
    for (const c of result.checks) lines.push(`  ${c.ok ? 'PASS' : 'FAIL'}  ${describe(c)}`);
  }
  const first = proofs[0];
  first?.currencies.forEach((c, i) => {
    const units = proofs.reduce(
      (sum, p) => sum + BigInt(/^\d+$/.test(p.leaf.balances[i] ?? '') ? (p.leaf.balances[i] as string) : '0'),
      0n,
    );
    lines.push(`total ${c}: ${unitsToDecimal(units.toString(), first.scale)}`);
  });
  if (!published)
    lines.push(
      `root ${proofs[0]?.root.hash ?? ''}: compare it with the root the exchange published (or pass --api URL)`,
    );
  lines.push(ok ? 'OK: every check passed' : 'FAILED');
  return { ok, lines };
}
