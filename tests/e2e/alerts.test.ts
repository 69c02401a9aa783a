import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface AlertList {
  items: { id: number; symbol: string; kind: string; price: string | null; status: string }[];
  active: number;
}

test('add a price alert from the pair page with the bell, see it in settings, pause, resume and delete it', async () => {
  const session = await e2e.signUp('alert');
  const mine = () => api<AlertList>('/alert/list', { token: session.token });

  const page = await openSignedIn(session, '/pages/transaction/currency?symbol=BTC/USDT', 'alerts');
  await page.getByTestId('alert-bell').click({ timeout: 20_000 });
  const sheet = page.getByRole('dialog', { name: 'Price alert: BTC/USDT' });
  // The price now, from the server, before anything is typed.
  await expect.poll(() => sheet.getByTestId('alert-now').textContent(), { timeout: 20_000 }).toMatch(/^Price now: \d/);
  const shown = /Price now: ([\d.,]+)/.exec((await sheet.getByTestId('alert-now').textContent()) ?? '')![1]!;
  const now = Number(shown.replaceAll(',', ''));
  // Twice today's price: an alert on a rise.
  const target = String(Math.round(now * 2));
  await sheet.getByTestId('alert-target').fill(target);
  await expect(sheet.getByTestId('alert-direction').textContent()).resolves.toContain(`rises to ${target}`);
  await sheet.getByTestId('alert-create').click();
  await page.getByText('Alert set').waitFor({ timeout: 20_000 });
  await expect
    .poll(async () => (await mine()).items, { timeout: 20_000 })
    .toMatchObject([{ symbol: 'BTC/USDT', kind: 'above', price: target, status: 'active' }]);
  const { id } = (await mine()).items[0]!;

  // Settings lists it.
  await page.goto(`${e2e.app.home}#/pages/setting/setting`);
  await page.getByText('Price alerts').click({ timeout: 20_000 });
  const card = page.getByTestId(`alert-${id}`);
  await card.waitFor({ timeout: 20_000 });
  await expect(card.textContent()).resolves.toContain(`Price at or above ${target}`);
  await card.getByRole('button', { name: 'Pause' }).click();
  await card.getByText('Paused').waitFor({ timeout: 20_000 });
  await expect.poll(async () => (await mine()).items[0]!.status, { timeout: 10_000 }).toBe('paused');
  // Taps within 500 ms of the last are a double tap (SPEC.md section 9): wait it out.
  await page.waitForTimeout(600);
  await card.getByRole('button', { name: 'Resume' }).click();
  await card.getByText('Active').waitFor({ timeout: 20_000 });

  await page.waitForTimeout(600);
  await card.getByTestId(`alert-delete-${id}`).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByText('No price alerts yet').waitFor({ timeout: 20_000 });
  expect((await mine()).items).toEqual([]);
  await page.context().close();
});
