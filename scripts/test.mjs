// `npm test`: every check and suite in order, each run even when an earlier one failed so a single
// run reports everything. Vitest results go to .test-results/*.json; the summary of all steps goes
// to .test-results/summary.json, which .ci/run reads for its last line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build.mjs';

const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);
const buildScript = pathToFileURL(join(root, 'scripts/build.mjs')).href;

/**
 * Runs a command; `output`, when given, collects what it prints instead of the terminal (a step
 * running beside another prints its output in one piece when it ends).
 */
function exec(command, args, output) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (output) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const vitest = (name, projects) => () =>
  exec(process.execPath, [
    bin('vitest', 'vitest.mjs'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(results, `${name}.json`)}`,
  ]);

/** First line of a failure message, short enough for the summary. */
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';

/**
 * Tests counted from a vitest JSON report; a file that failed to load counts as one failure. The
 * failures are named so that the end of the log, which is often all that is kept, says what failed.
 */
function countTests(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for (const suite of report.testResults ?? []) {
    const tests = suite.assertionResults ?? [];
    const path = relative(root, suite.name ?? '');
    for (const t of tests) {
      if (t.status === 'passed') passed++;
      else if (t.status === 'failed') {
        failed++;
        failures.push(`${path} > ${t.fullName}: ${firstLine(t.failureMessages?.[0]).slice(0, 300)}`);
      } else skipped++;
    }
    if (suite.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      failed++;
      failures.push(`${path}: ${firstLine(suite.message).slice(0, 300)}`);
    }
  }
  return { passed, failed, skipped, failures };
}

// The checks before the test suites run in two lanes side by side: each is one process that keeps
// one core busy, and none reads what another writes. The catalog check rewrites the .po files for
// a moment and the build reads them, so both are in the same lane, the check first.
const checks = [
  [{ name: 'lint', run: (out) => exec(process.execPath, [bin('eslint', 'bin/eslint.js'), '.'], out) }],
  [
    { name: 'i18n', run: (out) => exec(process.execPath, [join(root, 'scripts/i18n-check.mjs')], out) },
    { name: 'typecheck', run: (out) => exec(npm, ['run', '--silent', 'typecheck'], out) },
    {
      name: 'format',
      run: (out) =>
        exec(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'], out),
    },
    {
      name: 'build',
      // A process of its own, so that its output is collected like the other checks'.
      run: (out) =>
        exec(
          process.execPath,
          ['--input-type=module', '-e', 'await (await import(process.argv[1])).build();', buildScript],
          out,
        ),
    },
  ],
];
const suites = [
  { name: 'unit+server', tests: 'unit-server', run: vitest('unit-server', ['unit', 'server']) },
  { name: 'e2e', tests: 'e2e', needs: 'build', run: vitest('e2e', ['e2e']) },
];
/** The summary's order. */
const order = ['lint', 'format', 'typecheck', 'i18n', 'unit+server', 'build', 'e2e'];

const done = new Map();

/** Runs one step and records it; `output` collects what it prints (see `exec`). */
async function runStep(step, output) {
  const dependency = step.needs && done.get(step.needs);
  if (!output) console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const ok = dependency && !dependency.ok ? false : await step.run(output);
  const entry = { name: step.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 };
  if (output) {
    console.log(`\n━━ ${step.name} ━━`);
    process.stdout.write(Buffer.concat(output));
  }
  if (step.tests) {
    const counts = countTests(join(results, `${step.tests}.json`));
    // No report at all (crash, or skipped because its dependency failed) is one failed check.
    Object.assign(entry, counts ?? { passed: 0, failed: 1, skipped: 0 });
    if (counts && !ok && counts.failed === 0) entry.failed = 1;
  }
  done.set(step.name, entry);
}

console.log('\n━━ lint | i18n, typecheck, format, build (side by side; each shown when it ends) ━━');
await Promise.all(
  checks.map(async (lane) => {
    for (const step of lane) await runStep(step, []);
  }),
);
for (const step of suites) await runStep(step);
const summary = order.map((name) => done.get(name));

let passed = 0;
let failed = 0;
console.log('\n━━ summary ━━');
for (const s of summary) {
  if ('passed' in s) {
    passed += s.passed;
    failed += s.failed;
    const skipped = s.skipped ? `, ${s.skipped} skipped` : '';
    console.log(
      `${s.ok ? 'ok  ' : 'FAIL'} ${s.name}: ${s.passed} passed, ${s.failed} failed${skipped} (${s.seconds}s)`,
    );
    for (const failure of s.failures ?? []) console.log(`     ✗ ${failure}`);
  } else {
    if (s.ok) passed++;
    else failed++;
    console.log(`${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`);
  }
}
writeFileSync(join(results, 'summary.json'), JSON.stringify({ passed, failed, steps: summary }, null, 2));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
