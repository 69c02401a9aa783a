import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTree, rootOf } from '@contract/domain/merkle-sum';
import { layOut } from '@contract/domain/merkle-sum-leaves';
import { proofOf, type InclusionProof } from '@contract/domain/merkle-sum-proof';
import { secureRandom, sha256 } from '../products/proof/hash';
import { verifyProofs } from './verify-proof-file';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./verify-proof.ts', import.meta.url));

/** Runs the command as `npm run verify:proof` does; resolves with its exit code and output. */
async function verifyCommand(file: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', SCRIPT, file]);
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

function proofs(): { proofs: InclusionProof[]; root: ReturnType<typeof rootOf> } {
  const holders = [1, 2, 3, 4, 5].map((userId) => ({ userId, balances: [BigInt(userId) * 100_000_000n, 5n] }));
  const { table, owners } = layOut(holders, 2, sha256, secureRandom);
  const tree = buildTree(table, sha256);
  const meta = { snapshotId: 3, takenAt: '2026-11-28T00:00:00.000Z', scale: 8, currencies: ['BTC', 'USDT'] };
  const mine = [...owners.keys()].filter((i) => owners[i] === 2);
  return { proofs: mine.map((i) => proofOf(tree, i, meta)), root: rootOf(tree) };
}

describe('npm run verify:proof', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'verify-proof-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('prints each check and exits 0 for a good file, 1 for a tampered one naming the failed check', async () => {
    const { proofs: good } = proofs();
    const file = join(dir, 'good.json');
    await writeFile(file, JSON.stringify(good));
    const pass = await verifyCommand(file);
    expect(pass.code).toBe(0);
    expect(pass.out).toContain('PASS  leaf hash');
    expect(pass.out).toContain('total BTC: 2\n');
    expect(pass.out).toMatch(/OK: every check passed\n$/);

    const tampered = structuredClone(good);
    const step = tampered[0]!.path[0]!;
    step.sibling.sums[0] = '0';
    await writeFile(join(dir, 'bad.json'), JSON.stringify(tampered));
    const fail = await verifyCommand(join(dir, 'bad.json'));
    expect(fail.code).toBe(1);
    expect(fail.out).toContain('FAIL  level 1: sums add up');
    expect(fail.out).toContain('FAIL  level 1: hash');
    expect(fail.out).toMatch(/FAILED\n$/);
  }, 60_000);

  it('exits 1 for a file that is not a proof, or with no file', async () => {
    await writeFile(join(dir, 'not.json'), '{"hello": 1}');
    expect(await verifyCommand(join(dir, 'not.json'))).toMatchObject({
      code: 1,
      out: expect.stringContaining('not a proof file'),
    });
    expect((await verifyCommand('')).code).toBe(1);
  }, 60_000);

  it('fails the root checks against a published root other than the proof’s', () => {
    const { proofs: good, root } = proofs();
    expect(verifyProofs(good, root).ok).toBe(true);
    const other = { hash: 'ab'.repeat(32), sums: root.sums };
    const result = verifyProofs(good, other);
    expect(result.ok).toBe(false);
    expect(result.lines).toContain('  FAIL  root hash matches the published root');
  });
});
