import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface LockProduct {
  id: number;
  days: number;
  penalty_rate: string;
}
interface Balance {
  available: string;
  held: string;
}

test('lock USDT, redeem early: the penalty and refund are shown, reach the balance, and the order is redeemed', async () => {
  const session = await e2e.signUp('lock');
  await e2e.fund(session, '3', '1500', 'change');
  const products = await api<LockProduct[]>('/lh/deposit/config');
  const five = products.find((p) => p.days === 5)!;
  const balance = () =>
    api<Balance>('/wallet/detail', { body: { currency: '3', type: 'change' }, token: session.token });

  const page = await openSignedIn(session, `/pages/lockming/lockming`, 'lockming');
  const card = page.getByTestId(`lock-product-${five.id}`);
  await card.waitFor();
  await expect(card.getByTestId('rate-tomorrow').textContent()).resolves.toMatch(/^Tomorrow 0\.\d+%$/);
  await card.getByTestId('lock-now').click();

  // Below the minimum the form says so; 1000 shows the expected interest for 5 days.
  await expect
    .poll(() => page.getByTestId('lock-available').textContent(), { timeout: 20_000 })
    .toBe('Available in exchange account: 1,500.00 USDT');
  await page.getByTestId('lock-amount').locator('input').fill('50');
  await page.getByText('Below the minimum of 100.00 USDT').waitFor();
  await page.getByTestId('lock-amount').locator('input').fill('1000');
  await expect(page.getByTestId('lock-expected').textContent()).resolves.toBe('15.00 - 20.00 USDT');
  await page.getByTestId('lock-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm lock' });
  await expect(confirm.getByTestId('confirm-amount').textContent()).resolves.toBe('1,000.00 USDT');
  await expect(confirm.getByTestId('confirm-expected').textContent()).resolves.toBe('15.00 - 20.00 USDT');
  await confirm.getByText(/interest already paid is kept/).waitFor();
  await confirm.getByTestId('confirm-lock').click();

  // The order page opens on "in progress"; the principal is held.
  const running = page.getByTestId('lock-in_progress');
  await running.waitFor({ timeout: 20_000 });
  expect(await balance()).toMatchObject({ available: '500', held: '1000' });

  // Early redemption on the deposit day: 5 days left, 0.4 % x 5 x 1000 = 20, refund 980.
  await running.getByTestId('redeem-early').click();
  const sheet = page.getByRole('dialog', { name: 'Redeem early' });
  await expect(sheet.getByTestId('redeem-days').textContent()).resolves.toBe('5');
  await expect(sheet.getByTestId('redeem-penalty').textContent()).resolves.toBe('20.00 USDT');
  await expect(sheet.getByTestId('redeem-refund').textContent()).resolves.toBe('980.00 USDT');
  await sheet.getByTestId('confirm-redeem').click();
  await page.getByText('No orders in progress').waitFor({ timeout: 20_000 });
  expect(await balance()).toMatchObject({ available: '1480', held: '0' });

  await page.getByRole('tab', { name: 'Redeemed' }).click();
  const redeemed = page.getByTestId('lock-redeemed');
  await redeemed.waitFor();
  await expect(redeemed.getByTestId('order-penalty').textContent()).resolves.toBe('20.00 USDT');
  await expect(redeemed.getByTestId('order-refund').textContent()).resolves.toBe('980.00 USDT');
  await expect(redeemed.getByTestId('order-ended').textContent()).resolves.toMatch(/^Redeemed early/);

  // The redemption is in the public settlement record as the order's entry in a record of many:
  // listed by its hash, and its penalty and refund recomputed in the browser from the entry alone.
  await redeemed.getByTestId('verify-settlement').click();
  await page.waitForURL(/#\/pages\/proof\/record\?ref=lock_mining(%3A|:)\d+$/);
  const leaf = page.getByTestId('record-leaf');
  await expect(leaf.getByTestId('record-leaf-check').textContent({ timeout: 20_000 })).resolves.toMatch(
    /^Listed in record \d+ as entry 1: its hash matches\.$/,
  );
  await expect(leaf.getByTestId('record-recheck').getAttribute('data-ok')).resolves.toBe('true');
  await leaf.getByText('redemption', { exact: true }).waitFor();
  await leaf.getByText('980', { exact: true }).waitFor();
  await page.context().close();
});
