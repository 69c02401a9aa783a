import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalBoxText, type BlindBoxContent } from '@contract/nft';
import { checkProof } from './proof';

const content: BlindBoxContent = { name: 'Tide', type: 'image', rarity: 'SR', media: '/m/1.svg', image: '/m/1.svg' };

function proofOf(box: string, c: BlindBoxContent) {
  const salt = randomBytes(32).toString('hex');
  const canonical = canonicalBoxText(box, c, salt);
  return { box, content: c, salt, canonical, commitment: createHash('sha256').update(canonical, 'utf8').digest('hex') };
}

describe('blind box proof', () => {
  it('verifies a proof against the commitment published before the sale', async () => {
    const proof = proofOf('BOX-1', content);
    const check = await checkProof(proof, proof.commitment);
    expect(check).toEqual({ textMatches: true, hash: proof.commitment, hashMatches: true });
  });

  it('fails when the content was changed after the commitment', async () => {
    const proof = proofOf('BOX-1', content);
    const swapped = { ...proof, content: { ...content, rarity: 'N' as const } };
    const check = await checkProof(swapped, proof.commitment);
    expect(check.textMatches).toBe(false);
    expect(check.hashMatches).toBe(false);
  });

  it('fails when the proof repeats a commitment other than the published one', async () => {
    const proof = proofOf('BOX-2', content);
    const other = proofOf('BOX-3', content).commitment;
    expect((await checkProof(proof, other)).hashMatches).toBe(false);
  });
});
