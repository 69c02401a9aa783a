import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface Product {
  id: number;
  currency_name: string;
  price_per_share: string;
  linked_price: string;
  remaining_shares: number;
  status: string;
}

interface DualOrder {
  id: number;
  num: number;
  amount: string;
  state: string;
}

test('buys a dual invest product and sees it under my investments', async () => {
  const session = await e2e.signUp('invest');
  await e2e.fund(session, '1', '0.2', 'change');
  // The demo makes the day's products as soon as the feed has prices.
  let products: Product[] = [];
  await expect
    .poll(
      async () => {
        products = (await api<{ products: Product[] }>('/dual/index', { query: 'currency_id=1' })).products;
        return products.filter((p) => p.status === 'on_sale').length;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBeGreaterThan(0);
  const product = products.find((p) => p.status === 'on_sale')!;

  const page = await openSignedIn(session, `/pages/invest/invest?currency_id=1`, 'invest');
  await page.getByTestId('not-protected').waitFor();
  await page.getByTestId(`dual-product-${product.id}`).click();
  await page.getByTestId('dual-num').waitFor();
  expect(await smallTargets(page)).toEqual([]);

  // Whole shares only, with the messages of SPEC.md section 8.
  const input = page.getByRole('textbox', { name: 'Shares' });
  await input.fill('');
  await page.getByTestId('dual-buy').click();
  await page.getByRole('alert').getByText('Please enter the purchase quantity').waitFor();
  await input.fill('1.5');
  await page.getByTestId('dual-buy').click();
  await page.getByRole('alert').getByText('Purchase quantity should be an integer').waitFor();

  await input.fill('3');
  // 3 x 0.001 BTC invested, shown at a coin's 8 decimals; both payouts are shown before buying.
  await expect.poll(() => page.getByTestId('dual-amount').textContent()).toBe('Amount invested: 0.00300000 BTC');
  expect(await page.getByTestId('payout-coin').textContent()).toMatch(/^0\.003\d* BTC$/);
  expect(await page.getByTestId('payout-usdt').textContent()).toMatch(/ USDT$/);
  await page.getByTestId('not-protected').waitFor();
  await page.getByTestId('dual-buy').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(confirm.getByTestId('confirm-amount').textContent()).resolves.toBe('0.00300000 BTC');
  await confirm.getByTestId('dual-confirm').click();

  // Under my investments, purchased.
  await page.waitForURL(/invest\/mine/);
  const [order] = (
    await api<{ data: DualOrder[] }>('/dual/dual_list', { body: { state: 'purchased' }, token: session.token })
  ).data;
  expect(order).toMatchObject({ num: 3, amount: '0.003', state: 'purchased' });
  const card = page.getByTestId(`dual-order-${order!.id}`);
  await card.waitFor();
  expect(await card.textContent()).toContain('0.00300000 BTC');
  expect(await card.textContent()).toContain('Purchased');

  // The products list shows the shares taken.
  const after = (await api<{ products: Product[] }>('/dual/index', { query: 'currency_id=1' })).products.find(
    (p) => p.id === product.id,
  );
  expect(after?.remaining_shares).toBe(product.remaining_shares - 3);
});
