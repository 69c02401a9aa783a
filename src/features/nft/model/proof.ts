import { canonicalBoxText, type BlindBoxProof } from '@contract/nft';

export interface ProofCheck {
  /** The revealed parts (box code, content, salt) give exactly the text that was hashed. */
  textMatches: boolean;
  /** sha256 of that text, computed here. */
  hash: string;
  /** The computed hash equals the commitment published before the sale. */
  hashMatches: boolean;
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Verifies a blind box on this device: rebuilds the committed text from the revealed content and
 * salt, hashes it with the browser's SHA-256 and compares with the commitment the box showed
 * before it was sold (`published`), not only the one the proof repeats.
 */
export async function checkProof(proof: BlindBoxProof, published: string): Promise<ProofCheck> {
  const text = canonicalBoxText(proof.box, proof.content, proof.salt);
  const hash = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return {
    textMatches: text === proof.canonical,
    hash,
    hashMatches: hash === published.toLowerCase() && hash === proof.commitment.toLowerCase(),
  };
}
