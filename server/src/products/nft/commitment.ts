import { createHash, randomBytes } from 'node:crypto';
import { canonicalBoxText, type BlindBoxContent, type BlindBoxProof } from '@contract/nft';

/**
 * Blind box commitments (contract/nft.ts `blindBoxProofSchema`): the content of a box is fixed
 * when the box is made, with 32 random bytes of salt, and only the sha256 of the canonical text
 * is published. The salt keeps the few possible contents from being guessed from the hash.
 */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export function sealBox(code: string, content: BlindBoxContent, salt = randomBytes(32).toString('hex')) {
  const canonical = canonicalBoxText(code, content, salt);
  return { salt, canonical, commitment: sha256Hex(canonical) };
}

/** What opening reveals: everything needed to recompute the published commitment. */
export function proofOf(code: string, content: BlindBoxContent, salt: string, commitment: string): BlindBoxProof {
  return { box: code, content, salt, canonical: canonicalBoxText(code, content, salt), commitment };
}

/** Whether a proof matches the commitment published for box `code` (what any client can check). */
export function verifyProof(proof: BlindBoxProof, published: string, code: string): boolean {
  if (proof.box !== code) return false;
  const canonical = canonicalBoxText(proof.box, proof.content, proof.salt);
  return canonical === proof.canonical && sha256Hex(canonical) === published;
}
