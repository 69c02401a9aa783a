import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface Balance {
  available: string;
  held: string;
}

test('borrow USDT against BTC, see the loan with its LTV, repay it in full: the collateral comes back', async () => {
  const session = await e2e.signUp('loan');
  await e2e.fund(session, '1', '0.5', 'change');
  // A little USDT of its own for the interest of the started hour.
  await e2e.fund(session, '3', '10', 'change');
  const balance = (currency: string) =>
    api<Balance>('/wallet/detail', { body: { currency, type: 'change' }, token: session.token });

  const page = await openSignedIn(session, '/pages/common/borrowing', 'loans');
  await page.getByTestId('loan-coin-BTC').waitFor({ timeout: 20_000 });
  await page.getByTestId('loan-amount').fill('1000');
  // Collateral above the least the initial LTV allows: the simulated price moves while the
  // confirmation is open, and the least at the quote's price may be short by the time it is sent.
  await page.getByTestId('loan-collateral').fill('0.1');
  // The server's figures at the live price: received amount, daily interest, LTV, thresholds.
  const quote = page.getByTestId('loan-quote');
  await quote.waitFor({ timeout: 20_000 });
  await expect(quote.textContent()).resolves.toContain('1,000.00 USDT');
  await page.getByTestId('loan-borrow').click();

  const confirm = page.getByRole('dialog', { name: 'Confirm loan' });
  await expect(confirm.getByTestId('confirm-received').textContent()).resolves.toBe('1,000.00 USDT');
  await expect(confirm.getByTestId('confirm-daily').textContent()).resolves.toBe('0.12 USDT');
  await expect(confirm.getByTestId('confirm-ltv').textContent()).resolves.toMatch(/^[1-5]?\d\.\d\d%$/);
  await confirm.getByTestId('confirm-loan').click();

  // My loans opens with the new loan; the collateral is held, the USDT arrived.
  const open = page.getByTestId('loans-open');
  await open.waitFor({ timeout: 20_000 });
  await open.getByRole('meter').waitFor();
  expect(Number((await balance('1')).held)).toBeGreaterThan(0);
  expect(await balance('3')).toMatchObject({ available: '1010' });

  await open.getByTestId('loan-repay').click();
  const sheet = page.getByRole('dialog', { name: 'Repay loan' });
  await sheet.getByText('Repay in full').click();
  await sheet.getByTestId('confirm-loan-action').click();
  await page.getByText('No open loans').waitFor({ timeout: 20_000 });
  expect(await balance('1')).toMatchObject({ available: '0.5', held: '0' });
  await page.getByRole('tab', { name: 'Closed' }).click();
  await page.getByTestId('loans-closed').getByText('Repaid').first().waitFor();
  await page.context().close();
});
