import { sha256 } from '@noble/hashes/sha2.js';
import { verifyProof, type InclusionProof, type Verification } from '@contract/domain/merkle-sum-proof';
import { unitsToDecimal } from '@contract/domain/merkle-sum';
import { proofFileSchema, type Snapshot } from '@contract/proof';

export interface ProofResult {
  proof: InclusionProof;
  verification: Verification;
}

/** The proofs of a file, or null when it is not a proof file (bad JSON or bad shape). */
export function readProofFile(text: string): InclusionProof[] | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = proofFileSchema.safeParse(json);
  return parsed.success ? (parsed.data as InclusionProof[]) : null;
}

/** Recomputes each proof's path here, in the browser, against the root the exchange published. */
export function verifyAgainst(proofs: readonly InclusionProof[], published: Snapshot): ProofResult[] {
  const root = { hash: published.root_hash, sums: published.totals };
  return proofs.map((proof) => ({ proof, verification: verifyProof(proof, sha256, root) }));
}

/** The amounts of the proofs summed per currency, as decimals. */
export function totalsOf(proofs: readonly InclusionProof[]): { currency: string; amount: string }[] {
  const first = proofs[0];
  if (!first) return [];
  return first.currencies.map((currency, c) => {
    const units = proofs.reduce(
      (s, p) => s + BigInt(/^\d+$/.test(p.leaf.balances[c] ?? '') ? (p.leaf.balances[c] as string) : '0'),
      0n,
    );
    return { currency, amount: unitsToDecimal(units.toString(), first.scale) };
  });
}

/** Saves the proofs as a JSON file (the browser's download). */
export function saveProofFile(proofs: readonly InclusionProof[], snapshotId: number): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(proofs, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `proof-of-liabilities-${snapshotId}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
