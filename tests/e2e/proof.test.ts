import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminProofSnapshot } from '../../contract/proof';
import { call, ok } from '../../server/src/testing/fund';
import { PHONE, launch, screenshotOnFailure, startInEnglish } from './support/browser';
import { tempDir } from './support/app';
import { newUser, signInBrowser, startWalletServer, type WalletServer } from './wallet-setup';

let server: WalletServer;
let browser: Browser;
let files: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  server = await startWalletServer();
  browser = await launch();
  files = await tempDir('h5-proof-');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await files?.remove();
});

interface ProofJson {
  leaf: { balances: string[] };
  currencies: string[];
}

const verdicts = (page: Page) => page.getByTestId('proof-verdict').allTextContents();

test('a user downloads their proof, it verifies in the browser, offline too, and a tampered copy fails naming the check', async () => {
  const user = await newUser(server);
  const snapshot = await ok<{ id: number }>(call(server.t, adminProofSnapshot, {}, { token: server.adminToken }));

  // Signed in: the snapshot is listed, and its verifier downloads and checks the user's own proof.
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true });
  await signInBrowser(context, user);
  const page = await context.newPage();
  screenshotOnFailure(page, 'proof');
  await page.goto(`${server.home}#/pages/proof/proof`);
  await page.getByTestId(`snapshot-${snapshot.id}`).getByTestId('snapshot-verify').click();
  await page.waitForURL(new RegExp(`#/pages/proof/verify\\?id=${snapshot.id}$`));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proof-download').click()]);
  const saved = join(files.dir, download.suggestedFilename());
  await download.saveAs(saved);
  await page.getByTestId('proof-outcome').waitFor({ timeout: 20_000 });
  const proofs = JSON.parse(await readFile(saved, 'utf8')) as ProofJson[];
  expect(proofs.length).toBeGreaterThan(0);
  expect(new Set(await verdicts(page))).toEqual(new Set(['All checks passed']));
  await expect(page.getByTestId('proof-total-USDT').textContent()).resolves.toBe('10000');
  await expect(page.getByTestId('check-root_hash').first().textContent()).resolves.toContain(
    'Root hash matches the published root',
  );

  // One more unit of USDT in the first leaf: its hash no longer matches, and the page says so.
  const usdt = proofs[0]!.currencies.indexOf('USDT');
  const balances = proofs[0]!.leaf.balances;
  balances[usdt] = (BigInt(balances[usdt]!) + 1n).toString();
  const tampered = join(files.dir, 'tampered.json');
  await writeFile(tampered, JSON.stringify(proofs));
  await page.getByTestId('proof-file').setInputFiles(tampered);
  await expect.poll(() => verdicts(page), { timeout: 20_000 }).toContain('Failed: Leaf hash');
  await context.close();

  // Signed out, the verifier still checks the saved file against the published root.
  const visitor = await browser.newContext(PHONE);
  await startInEnglish(visitor);
  const anon = await visitor.newPage();
  screenshotOnFailure(anon, 'proof-visitor');
  await anon.goto(`${server.home}#/pages/proof/proof`);
  await anon.getByTestId(`snapshot-${snapshot.id}`).waitFor();
  await anon.goto(`${server.home}#/pages/proof/verify`);
  await anon.getByText('Log in to download your proof').waitFor();
  await anon.getByTestId('proof-file').setInputFiles(saved);
  await anon.getByTestId('proof-outcome').waitFor({ timeout: 20_000 });
  expect(new Set(await verdicts(anon))).toEqual(new Set(['All checks passed']));
  expect(await anon.getByTestId('proof-saved-root').count()).toBe(0);

  // Offline, the file is checked against the root the device saved, and the page says so; the
  // list of snapshots shows the saved copy with its time.
  await visitor.setOffline(true);
  await anon.goBack();
  await anon.getByTestId(`snapshot-${snapshot.id}`).waitFor();
  await anon.getByTestId('as-of').waitFor();
  await anon.getByTestId('open-verifier').click();
  await anon.getByTestId('proof-file').setInputFiles(tampered);
  await expect.poll(() => verdicts(anon), { timeout: 20_000 }).toContain('Failed: Leaf hash');
  await expect(anon.getByTestId('proof-saved-root').textContent()).resolves.toContain(
    'Offline: checked against the root this device saved on',
  );
  await visitor.close();
});
