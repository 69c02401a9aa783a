// `npm test`: every check and suite in order, each run even when an earlier one failed so a single
// run reports everything. Vitest results go to .test-results/*.json; the summary of all steps goes
// to .test-results/summary.json, which .ci/run reads for its last line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, root } from './build.mjs';

const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (pkg, file) => join(root, 'node_modules', pkg, file);

function exec(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
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

const steps = [
  { name: 'lint', run: () => exec(process.execPath, [bin('eslint', 'bin/eslint.js'), '.']) },
  {
    name: 'format',
    run: () => exec(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']),
  },
  { name: 'typecheck', run: () => exec(npm, ['run', '--silent', 'typecheck']) },
  { name: 'i18n', run: () => exec(process.execPath, [join(root, 'scripts/i18n-check.mjs')]) },
  { name: 'unit+server', tests: 'unit-server', run: vitest('unit-server', ['unit', 'server']) },
  {
    name: 'build',
    run: () =>
      build().then(
        () => true,
        () => false,
      ),
  },
  { name: 'e2e', tests: 'e2e', needs: 'build', run: vitest('e2e', ['e2e']) },
];

const summary = [];
for (const step of steps) {
  const dependency = step.needs && summary.find((s) => s.name === step.needs);
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const ok = dependency && !dependency.ok ? false : await step.run();
  const entry = { name: step.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 };
  if (step.tests) {
    const counts = countTests(join(results, `${step.tests}.json`));
    // No report at all (crash, or skipped because its dependency failed) is one failed check.
    Object.assign(entry, counts ?? { passed: 0, failed: 1, skipped: 0 });
    if (counts && !ok && counts.failed === 0) entry.failed = 1;
  }
  summary.push(entry);
}

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
