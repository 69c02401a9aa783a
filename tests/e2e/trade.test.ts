import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appInBrowser, type Session } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

/** A new account (demo funds in its legal account) with `usdt` USDT and `btc` BTC moved to its exchange account. */
async function trader(usdt: string, btc = '0'): Promise<Session> {
  const session = await e2e.signUp('trade');
  if (usdt !== '0') await e2e.fund(session, '3', usdt, 'change');
  if (btc !== '0') await e2e.fund(session, '1', btc, 'change');
  return session;
}

type Book = { bids: [string, string][]; asks: [string, string][]; rules: { tick_size: string } };
const book = () => api<Book>('/coin/book', { query: 'currency_id=1&legal_id=3' });

const available = (page: Page) => page.getByTestId('available').textContent();

test('a limit buy below the market rests, shows in current orders, and its cancel restores the balance', async () => {
  const page = await openSignedIn(await trader('1000'), '/pages/transaction/index?tab=coin', 'trade-limit');
  await expect.poll(() => available(page), { timeout: 20_000 }).toBe('1,000.00 USDT');
  await page.getByTestId('order-book').waitFor();
  expect(await smallTargets(page)).toEqual([]);

  // Far below the market, on the tick grid, so nothing fills it.
  const best = Number((await book()).bids[0]?.[0] ?? (await book()).asks[0]?.[0] ?? '1000');
  const price = (Math.floor(best * 0.5 * 100) / 100).toFixed(2);
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.0021');
  await expect(page.getByTestId('order-total').textContent()).resolves.toBe(
    `${new Decimal(price).times('0.0021').toFixed()} USDT`,
  );
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm order' });
  await confirm.getByText(`${new Decimal(price).toFixed()} USDT`).waitFor();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Order placed').waitFor();

  const order = page.getByTestId('current-orders').getByTestId('order');
  await expect.poll(() => order.count()).toBe(1);
  await expect(order.getAttribute('data-status')).resolves.toBe('open');
  const held = new Decimal(1000).minus(new Decimal(price).times('0.0021')).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  await expect
    .poll(() => available(page))
    .toBe(`${held.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })} USDT`);

  // Offline, a cancel is refused rather than queued; online it releases the hold.
  await page.context().setOffline(true);
  await order.getByRole('button', { name: /^Cancel order/ }).click();
  await page.getByText(/You are offline\. Orders are not queued/).waitFor();
  await expect(order.getAttribute('data-status')).resolves.toBe('open');
  await page.context().setOffline(false);
  // Taps within half a second of the last are ignored (no double orders): the user reads the message first.
  await page.getByText(/You are offline\. Orders are not queued/).waitFor({ state: 'hidden' });
  await order.getByRole('button', { name: /^Cancel order/ }).click();
  await page.getByText('Order cancelled').waitFor();
  await expect.poll(() => order.count()).toBe(0);
  await expect.poll(() => available(page)).toBe('1,000.00 USDT');

  // The cancelled order is in the complete list; offline it still shows, with its time.
  await page.goto(`${e2e.app.home}#/pages/transaction/currency_order?state=complete`);
  await page.getByTestId('orders-complete').getByTestId('order').first().waitFor();
  await expect(
    page.getByTestId('orders-complete').getByTestId('order').first().getAttribute('data-status'),
  ).resolves.toBe('cancelled');
  await page.getByText('No more data').waitFor();
  await page.context().setOffline(true);
  await page.getByRole('tab', { name: 'In progress' }).click();
  await page.getByRole('tab', { name: 'Complete' }).click();
  await page.getByTestId('as-of').waitFor();
  await expect(page.getByTestId('orders-complete').getByTestId('order').count()).resolves.toBe(1);
  await page.context().close();
});

test('a market buy fills against the house maker and shows in history and in the account records', async () => {
  // Liquidity: the house market maker quotes BTC/USDT once the feed has ticked.
  await expect.poll(async () => (await book()).asks.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const page = await openSignedIn(await trader('500'), '/pages/transaction/currency?symbol=BTC/USDT', 'trade-market');
  await expect.poll(() => available(page), { timeout: 20_000 }).toBe('500.00 USDT');
  await page.getByRole('button', { name: 'Market', exact: true }).click();
  await page.getByText('Total to spend (USDT)').waitFor();
  await page.getByRole('textbox', { name: 'Total to spend' }).fill('50');
  await expect(page.getByTestId('order-total').textContent()).resolves.toMatch(/^≈ 0\.\d+ BTC$/);
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm order' });
  // The published terms and the fill estimated on the real book, before anything is sent.
  await expect(confirm.getByTestId('confirm-fee').textContent()).resolves.toBe('0% (no fee)');
  await expect(confirm.getByTestId('confirm-spread').textContent()).resolves.toMatch(/^[\d.]+% between its best bid/);
  await expect(confirm.getByTestId('confirm-average').textContent()).resolves.toMatch(/^≈ [\d.,]+ USDT$/);
  await expect(confirm.getByRole('button', { name: '0.5%' }).getAttribute('aria-pressed')).resolves.toBe('true');
  await confirm.getByRole('switch', { name: "Don't ask again" }).click();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  // It fills what the book offers up to the budget; the unspent part comes back.
  await page.getByText('Order filled').waitFor();
  await expect.poll(async () => Number((await available(page))?.replace(/[^\d.]/g, ''))).toBeLessThan(500);
  const afterFirst = await available(page);

  // History: the filled market order with its fills.
  await page.goto(`${e2e.app.home}#/pages/transaction/currency_order?state=complete&symbol=BTC/USDT`);
  const filled = page.getByTestId('orders-complete').getByTestId('order').first();
  await filled.waitFor();
  expect(['filled', 'filled_rest_returned']).toContain(await filled.getAttribute('data-outcome'));
  expect(Number(await filled.getByTestId('order-filled').textContent())).toBeGreaterThan(0);
  await filled.getByRole('button').first().click();
  await page.getByTestId('fills').locator('li').nth(1).waitFor();

  // Account records: the fill, once for what was paid and once for what arrived.
  await page.goto(`${e2e.app.home}#/pages/fund/assets_record`);
  await expect.poll(() => page.getByText(/^Order filled · (BTC|USDT)/).count(), { timeout: 10_000 }).toBeGreaterThan(0);

  // The choice not to confirm again holds: the next order goes at once.
  await page.goto(`${e2e.app.home}#/pages/transaction/currency?symbol=BTC/USDT`);
  await expect.poll(() => available(page)).toBe(afterFirst);
  await page.getByRole('button', { name: 'Market', exact: true }).click();
  await page.getByRole('textbox', { name: 'Total to spend' }).fill('10');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  // The first order's toast may still be fading out beside the new one (the app is one document).
  await page.getByText('Order filled').last().waitFor();
  await expect.poll(() => available(page)).not.toBe(afterFirst);
  await expect(page.getByRole('dialog', { name: 'Confirm order' }).count()).resolves.toBe(0);
  await page.context().close();
});
