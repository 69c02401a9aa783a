import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface Project {
  id: number;
  name: string;
  state: string;
  price: string;
  applied: string;
}

interface Order {
  id: number;
  project_id: number;
  amount: string;
  pay: string;
  status: string;
  passed: string | null;
}

/*
 * Subscribing to the demo project in progress and finding it in my subscriptions, with the
 * payment held in the exchange account. The clock cannot move in the browser: the end of a project
 * (allocation pro rata, refunds, credited coins) is tested through the server
 * (server/src/products/ieo/ieo.test.ts).
 */
test('subscribe to an IEO project, see the payment held and the subscription in my list, also offline', async () => {
  const session = await e2e.signUp('ieo');
  await e2e.fund(session, '3', '100', 'change');
  const live = (await api<{ data: Project[] }>('/project', { query: 'limit=100' })).data.find(
    (p) => p.state === 'progress',
  );
  expect(live).toBeDefined();
  const project = live!;

  const page = await openSignedIn(session, '/pages/ieo/ieo', 'ieo-subscribe');
  const card = page.getByTestId(`ieo-project-${project.id}`);
  await card.waitFor({ timeout: 20_000 });
  await expect(card.getByTestId('ieo-state').textContent()).resolves.toBe('In progress');
  expect(await smallTargets(page)).toEqual([]);
  await card.click();

  await page.getByTestId('ieo-facts').waitFor();
  await expect
    .poll(() => page.getByTestId('ieo-balance').textContent(), { timeout: 10_000 })
    .toBe('Exchange account: 100 USDT available, 0 USDT held');
  // Below the project's minimum the form says so and sends nothing.
  await page.getByTestId('ieo-amount').locator('input').fill('0.5');
  await page.getByText('At least 1 ATOM').waitFor();
  expect(await page.getByTestId('ieo-subscribe').isDisabled()).toBe(true);

  await page.getByTestId('ieo-amount').locator('input').fill('10');
  await expect(page.getByTestId('ieo-payment').textContent()).resolves.toBe('Payment: 58 USDT');
  await page.getByTestId('ieo-subscribe').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm subscription' });
  await expect(confirm.getByTestId('confirm-amount').textContent()).resolves.toBe('10 ATOM');
  await expect(confirm.getByTestId('confirm-price').textContent()).resolves.toBe('5.8 USDT');
  await expect(confirm.getByTestId('confirm-payment').textContent()).resolves.toBe('58 USDT');
  await expect(confirm.getByTestId('confirm-rule').textContent()).resolves.toMatch(/pro rata .* refunded at the end/);
  await confirm.getByTestId('confirm-subscribe').click();
  await page.getByText('Subscribed').first().waitFor();

  // My subscriptions: the applied quantity and the payment held.
  const orders = page.getByTestId('ieo-orders');
  await orders.waitFor({ timeout: 10_000 });
  const [mine] = (await api<{ data: Order[] }>('/user/project/order', { token: session.token })).data;
  expect(mine).toMatchObject({ project_id: project.id, amount: '10', pay: '58', status: 'applied', passed: null });
  const row = page.getByTestId(`ieo-order-${mine!.id}`);
  await expect(row.getByTestId('ieo-order-applied').textContent()).resolves.toBe('10 ATOM');
  await expect(row.getByTestId('ieo-order-pay').textContent()).resolves.toBe('58 USDT');
  await expect(row.getByTestId('ieo-order-status').textContent()).resolves.toBe('Applied, payment held');
  const held = await api<{ available: string; held: string }>('/wallet/detail', {
    body: { currency: '3', type: 'change' },
    token: session.token,
  });
  expect([held.available, held.held]).toEqual(['42', '58']);

  // The project shows the held funds and its applied quantity.
  await page.evaluate((id) => (location.hash = `#/pages/ieo/subscribe?id=${id}`), project.id);
  await expect
    .poll(() => page.getByTestId('ieo-balance').textContent(), { timeout: 10_000 })
    .toBe('Exchange account: 42 USDT available, 58 USDT held');
  const after = await api<Project>('/project/detail', { query: `project_id=${project.id}` });
  expect(Number(after.applied)).toBeGreaterThanOrEqual(10);

  // Offline, my subscriptions read from the device with their time.
  await page.context().setOffline(true);
  await page.evaluate(() => (location.hash = '#/pages/ieo/order'));
  await page.getByTestId('as-of').waitFor({ timeout: 10_000 });
  await expect(page.getByTestId(`ieo-order-${mine!.id}`).getByTestId('ieo-order-applied').textContent()).resolves.toBe(
    '10 ATOM',
  );
  await page.context().setOffline(false);
});
