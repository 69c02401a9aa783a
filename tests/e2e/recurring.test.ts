import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface Plan {
  id: number;
  symbol: string;
  status: string;
  next_run_at: number | null;
}

test('create a recurring buy from the Finance tab, see it listed, pause it and delete it', async () => {
  const session = await e2e.signUp('recurring');
  const plans = () => api<Plan[]>('/recurring/list', { token: session.token });

  const page = await openSignedIn(session, '/pages/financial/index', 'finance');
  await page.getByTestId('finance-recurring').getByRole('button').first().click();
  await page.getByText('No recurring buys yet').waitFor({ timeout: 20_000 });
  await page.getByTestId('recurring-new').click();

  // The form: BTC/USDT, 50 USDT every day; the confirmation lists the runs and every fee.
  await page.getByTestId('recurring-pair').waitFor({ timeout: 20_000 });
  await page.getByTestId('recurring-pair').selectOption('BTC/USDT');
  await page.getByTestId('recurring-amount').locator('input').fill('2');
  await page.getByText('The least is 5 USDT').waitFor();
  await page.getByTestId('recurring-amount').locator('input').fill('50');
  await page.getByTestId('recurring-period').selectOption('daily');
  await page.getByTestId('recurring-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm recurring buy' });
  await expect(confirm.getByTestId('confirm-amount').textContent()).resolves.toBe('50.00 USDT');
  await expect(confirm.getByTestId('confirm-fee').textContent()).resolves.toBe('0.00%');
  await confirm.getByText(/nothing is bought that time and you are notified/).waitFor();
  await confirm.getByTestId('confirm-recurring').click();

  // The plan's page opens; the server has it, due within a day.
  await page.getByTestId('plan-summary').waitFor({ timeout: 20_000 });
  await expect.poll(async () => (await plans()).length, { timeout: 20_000 }).toBe(1);
  const [plan] = await plans();
  expect(plan).toMatchObject({ symbol: 'BTC/USDT', status: 'active' });
  expect(plan!.next_run_at! - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
  await page.getByText('No runs yet').waitFor();

  // Back on the list it shows with its next run.
  await page.goBack();
  const card = page.getByTestId('plan-card');
  await card.waitFor({ timeout: 20_000 });
  await expect(card.getByTestId('plan-status').textContent()).resolves.toBe('Active');
  await expect(card.getByTestId('plan-next-run').textContent()).resolves.not.toBe('Paused');

  // Paused on its page: no next run.
  await card.click();
  await page.getByTestId('plan-pause').click();
  await page.getByTestId('plan-resume').waitFor({ timeout: 20_000 });
  // The list may still be mounted under the plan's page while it slides in: read the plan's own.
  await expect(page.getByTestId('plan-summary').getByTestId('plan-status').textContent()).resolves.toBe('Paused');
  expect((await plans())[0]).toMatchObject({ status: 'paused', next_run_at: null });

  // Deleted after a confirmation: the list is empty again.
  await page.getByTestId('plan-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('No recurring buys yet').waitFor({ timeout: 20_000 });
  expect(await plans()).toEqual([]);
  await page.context().close();
});
