import { readFile } from 'node:fs/promises';
import { fetchPublishedRoot, parseProofFile, verifyProofs } from './verify-proof-file';

const USAGE = 'usage: npm run verify:proof -- FILE [--api https://exchange.example/api]';

/**
 * `npm run verify:proof -- FILE [--api URL]`: checks a downloaded proof of liabilities with the same
 * code as the browser, prints each check, and exits 0 when every check passed, else 1. With `--api`
 * the root is compared with the one the exchange publishes; without it, with the file's own root.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const apiAt = args.indexOf('--api');
  const api = apiAt >= 0 ? args[apiAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (apiAt < 0 || i !== apiAt + 1));
  if (!file || (apiAt >= 0 && !api)) {
    console.error(USAGE);
    return 1;
  }
  const proofs = parseProofFile(await readFile(file, 'utf8'));
  if (typeof proofs === 'string') {
    console.error(`${file}: ${proofs}`);
    return 1;
  }
  const published = api ? await fetchPublishedRoot(api, (proofs[0] as (typeof proofs)[number]).snapshot_id) : null;
  const { ok, lines } = verifyProofs(proofs, published);
  for (const line of lines) console.log(line);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
