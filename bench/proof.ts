// `npm run bench:proof [-- --users N]`: builds the proof-of-liabilities Merkle-sum tree over N
// generated leaves (default 1,000,000; 3 currencies) and compares it, each in a fresh process,
// with hashing the same leaves alone (the leaf level of the tree, the same SHA-256 of
// @noble/hashes): time and peak resident memory as ratios (goals: time <= 2x, peak < 2 GB).
// Exits non-zero when a goal is missed.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { sha256 } from '@noble/hashes/sha2.js';
import { LeafTable, buildTree, hashLeaves } from '../contract/domain/merkle-sum';

const CURRENCIES = 3;
const GOAL_TIME_RATIO = 2;
const GOAL_PEAK_BYTES = 2 * 1024 ** 3;
const ROUNDS = 3;

interface PhaseResult {
  ms: number;
  peakBytes: number;
}

/** N leaves of random nonces, user hashes and balances below 2^40 minor units (no sum can overflow). */
function generate(count: number): LeafTable {
  const table = new LeafTable(count, CURRENCIES);
  table.nonces.set(randomBytes(table.nonces.length));
  table.userHashes.set(randomBytes(table.userHashes.length));
  const words = new Uint32Array(randomBytes(table.balances.length * 4).buffer);
  for (let i = 0; i < table.balances.length; i += 2) {
    table.balances[i] = (words[i] ?? 0) & 0xff;
    table.balances[i + 1] = words[i + 1] ?? 0;
  }
  return table;
}

/** One phase in this process: generate, then time the phase alone; peak RSS covers both. */
function runPhase(phase: 'hash' | 'tree', count: number): PhaseResult {
  const table = generate(count);
  const start = process.hrtime.bigint();
  const out = phase === 'hash' ? hashLeaves(table, sha256).count : buildTree(table, sha256).levels.length;
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (out <= 0) throw new Error('nothing built');
  return { ms, peakBytes: process.resourceUsage().maxRSS * 1024 };
}

function inChild(phase: 'hash' | 'tree', count: number): PhaseResult {
  const script = fileURLToPath(import.meta.url);
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, '--phase', phase, '--users', String(count)], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').pop() as string) as PhaseResult;
}

const argOf = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

function main(): number {
  const count = Number(argOf('--users') ?? 1_000_000);
  if (!Number.isInteger(count) || count < 1) throw new Error('--users takes a positive whole number');
  const phase = argOf('--phase');
  if (phase === 'hash' || phase === 'tree') {
    console.log(JSON.stringify(runPhase(phase, count)));
    return 0;
  }
  console.log(
    `proof tree: ${count.toLocaleString('en')} leaves, ${CURRENCIES} currencies, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const hash: PhaseResult[] = [];
  const tree: PhaseResult[] = [];
  // Alternated, so a busy moment of a shared machine falls on both sides.
  for (let r = 0; r < ROUNDS; r++) {
    hash.push(inChild('hash', count));
    tree.push(inChild('tree', count));
  }
  const time = { hash: median(hash.map((h) => h.ms)), tree: median(tree.map((t) => t.ms)) };
  const peak = { hash: Math.max(...hash.map((h) => h.peakBytes)), tree: Math.max(...tree.map((t) => t.peakBytes)) };
  const timeRatio = time.tree / time.hash;
  console.log(`hash leaves alone: ${time.hash.toFixed(0)} ms (median of ${ROUNDS}), peak RSS ${mb(peak.hash)}`);
  console.log(`build the tree:    ${time.tree.toFixed(0)} ms (median of ${ROUNDS}), peak RSS ${mb(peak.tree)}`);
  console.log(
    `ratio: time ${timeRatio.toFixed(2)}x (goal <= ${GOAL_TIME_RATIO}x), peak memory ${(peak.tree / peak.hash).toFixed(2)}x (goal < ${mb(GOAL_PEAK_BYTES)})`,
  );
  return timeRatio <= GOAL_TIME_RATIO && peak.tree < GOAL_PEAK_BYTES ? 0 : 1;
}

process.exitCode = main();
