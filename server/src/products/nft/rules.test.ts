import { describe, expect, it } from 'vitest';
import { buyStatus, canonicalBoxText, type BlindBoxContent } from '@contract/nft';
import { proofOf, sealBox, sha256Hex, verifyProof } from './commitment';
import { amountDue, auctionMargin, endAfterBid, minBid } from './rules';

const MINUTE = 60_000;

describe('auction rules', () => {
  it('asks for the starting price first, then the current bid plus the increment', () => {
    expect(minBid({ price: '100', perIncrease: '10', topBid: null }).toFixed()).toBe('100');
    expect(minBid({ price: '100', perIncrease: '10', topBid: '130' }).toFixed()).toBe('140');
    expect(minBid({ price: '0.2', perIncrease: '0.01', topBid: '0.25' }).toFixed()).toBe('0.26');
  });

  it('moves the end 5 minutes later only for a bid in the last 5 minutes', () => {
    const end = 10 * 60 * MINUTE;
    expect(endAfterBid(end, end - 6 * MINUTE)).toBe(end);
    expect(endAfterBid(end, end - 5 * MINUTE)).toBe(end + 5 * MINUTE);
    expect(endAfterBid(end, end - 1)).toBe(end + 5 * MINUTE);
  });

  it('has the winner pay the price less the margin, never below zero', () => {
    expect(amountDue('150', '20').toFixed()).toBe('130');
    expect(amountDue('10', '20').toFixed()).toBe('0');
  });

  it('gives every auction a margin above 0: the one asked, else a tenth of the price, at least one unit', () => {
    expect(auctionMargin('80', '8')).toBe('8');
    expect(auctionMargin('80')).toBe('8');
    expect(auctionMargin('80', '0')).toBe('8');
    expect(auctionMargin('0.2')).toBe('0.02');
    expect(auctionMargin('0.00000005')).toBe('0.00000001');
  });

  it('gives the buy status of SPEC.md section 4', () => {
    expect([buyStatus(0, 10, 20, false), buyStatus(0, 10, 20, true)]).toEqual([2, 2]);
    expect([buyStatus(10, 10, 20, false), buyStatus(15, 10, 20, true)]).toEqual([0, 1]);
    expect([buyStatus(20, 10, 20, false), buyStatus(25, 10, 20, true)]).toEqual([0, 0]);
  });
});

describe('blind box commitments', () => {
  const content: BlindBoxContent = {
    name: 'Box #1 (SR)',
    type: 'image',
    rarity: 'SR',
    media: '/m.png',
    image: '/m.png',
  };

  it('hashes a canonical text with sorted keys and verifies the revealed proof', () => {
    const sealed = sealBox('NFTABC', content);
    expect(sealed.canonical).toBe(
      `{"box":"NFTABC","content":{"image":"/m.png","media":"/m.png","name":"Box #1 (SR)","rarity":"SR","type":"image"},"salt":"${sealed.salt}"}`,
    );
    expect(sealed.commitment).toBe(sha256Hex(sealed.canonical));
    const proof = proofOf('NFTABC', content, sealed.salt, sealed.commitment);
    expect(verifyProof(proof, sealed.commitment, 'NFTABC')).toBe(true);
    expect(verifyProof({ ...proof, content: { ...content, rarity: 'N' } }, sealed.commitment, 'NFTABC')).toBe(false);
    expect(verifyProof(proof, sealed.commitment, 'NFTOTHER')).toBe(false);
    expect(canonicalBoxText('NFTABC', content, sealed.salt)).toBe(sealed.canonical);
  });

  it('uses a fresh salt per box, so equal contents publish different hashes', () => {
    expect(sealBox('A', content).commitment).not.toBe(sealBox('A', content).commitment);
  });
});
