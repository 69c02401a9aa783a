import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appInBrowser, type Session } from './support/session';
import { shown, spotMarket } from './support/spot';

/**
 * Stop orders from the trade screen: a stop-limit buy placed through its confirmation waits, then
 * fires on a real trade made by two other accounts on the book, becomes an order that fills, and
 * the buyer is told; a trailing stop placed beside it is cancelled after its confirmation.
 */
const e2e = appInBrowser();
const { api, openSignedIn } = e2e;
const { book, limit, account, lastTradeBy } = spotMarket(e2e);

interface Stop {
  id: number;
  kind: string;
  status: string;
  order_id: number | null;
}

/**
 * Moves the price to `price`: the seller rests a sell there and the buyer takes every ask up to
 * it, so a trade happens at `price` (the maker may requote between the read and the buy: again).
 */
async function tradeAt(price: string, seller: Session, buyer: Session, fired: () => Promise<boolean>) {
  await limit(seller, 'sell', price, '0.0005');
  for (let attempt = 0; attempt < 3 && !(await fired()); attempt += 1) {
    const upTo = (await book()).asks.filter(([p]) => new Decimal(p).lte(price));
    const amount = upTo.reduce((sum, [, a]) => sum.plus(a), new Decimal(0));
    if (amount.gt(0)) await limit(buyer, 'buy', price, amount.toFixed());
  }
}

async function pickStop(page: Page, kind: 'Stop-limit' | 'Trailing stop') {
  await page.getByTestId('stop-type').click();
  await page.getByRole('option', { name: new RegExp(`^${kind}`) }).click();
  await page.getByTestId('stop-hint').waitFor();
}

/** The stop-limit buy through the form: a trigger already reached is refused, one above is confirmed. */
async function placeStopLimit(page: Page, last: string, trigger: string, price: string) {
  // Quantities show with the decimals of the pair's lot.
  const lot = (await book()).rules.lot_size;
  const amount = new Decimal('0.001').toFixed(Math.max(0, new Decimal(lot).decimalPlaces()));
  await pickStop(page, 'Stop-limit');
  await page.getByRole('textbox', { name: 'Trigger price', exact: true }).fill(last);
  await page.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.001');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  await page.getByText(`The trigger price has already been reached by the last trade (${last})`).waitFor();
  await page.getByRole('textbox', { name: 'Trigger price', exact: true }).fill(trigger);
  await expect(page.getByTestId('stop-preview').textContent()).resolves.toBe(
    `When the last price reaches ≥ ${shown(trigger)} USDT, a limit buy of ${amount} BTC at ${shown(price)} USDT is placed.`,
  );
  await page.waitForTimeout(600);
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm stop order' });
  await expect(confirm.getByTestId('confirm-trigger').textContent()).resolves.toBe(`≥ ${shown(trigger)} USDT`);
  await expect(confirm.getByTestId('confirm-held').textContent()).resolves.toBe(
    `${shown(new Decimal(price).times('0.001'))} USDT`,
  );
  await expect(confirm.getByTestId('confirm-fee').textContent()).resolves.toBe('0% (no fee)');
  await confirm.getByTestId('confirm-stop').click();
  await page.getByText('Stop order placed; its funds are held until it fires').waitFor();
}

/** A trailing stop buy by 10 %: the preview shows its trigger from the last trade now. */
async function placeTrailing(page: Page, last: string) {
  await pickStop(page, 'Trailing stop');
  await page.getByRole('textbox', { name: 'Trailing percentage' }).fill('10');
  await page.getByRole('textbox', { name: 'Total to spend' }).fill('20');
  const now = new Decimal(last).times('1.1').toDecimalPlaces(2, Decimal.ROUND_UP);
  await expect(page.getByTestId('stop-preview').textContent()).resolves.toContain(`now ≥ ${shown(now)} USDT`);
  await page.waitForTimeout(600);
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm stop order' });
  await expect(confirm.getByTestId('confirm-held').textContent()).resolves.toBe('20.00 USDT');
  await confirm.getByTestId('confirm-stop').click();
  await page.getByText('Stop order placed; its funds are held until it fires').last().waitFor();
}

test('a stop-limit buy waits, fires on a real trade, fills and is notified; a trailing stop is cancelled', async () => {
  const [buyer, seller, taker] = await Promise.all([
    account('stop', '1000'),
    account('stop-seller', '0', '0.01'),
    account('stop-taker', '9000'),
  ]);
  const stops = async () => (await api<{ data: Stop[] }>('/coin/conditional/list', { token: buyer.token })).data;
  const last = await lastTradeBy(taker);
  const trigger = new Decimal(last).plus('0.10').toFixed(2);
  const price = new Decimal(trigger).plus(200).toFixed(2);

  const page = await openSignedIn(buyer, '/pages/transaction/index?tab=coin', 'stop-orders');
  await expect.poll(() => page.getByTestId('available').textContent(), { timeout: 20_000 }).toBe('1,000.00 USDT');
  // The form compares a trigger with the book's last trade, which comes with the book.
  await page.getByTestId('order-book').waitFor();
  await placeStopLimit(page, last, trigger, price);
  await placeTrailing(page, last);

  // Both wait under the form; the trailing one is cancelled after its confirmation.
  await page.getByRole('button', { name: /^Conditional \(/ }).click();
  const list = page.getByTestId('conditionals');
  await expect.poll(() => list.locator('[data-status="waiting"]').count(), { timeout: 20_000 }).toBe(2);
  const trailing = list.locator('[data-kind="trailing_stop"]');
  await trailing.getByRole('button', { name: /^Cancel stop order/ }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel stop order' }).click();
  await page.getByText('Stop order cancelled; its funds are released').waitFor();
  await expect.poll(() => trailing.getAttribute('data-status')).toBe('cancelled');

  // Two other accounts trade at the trigger: it fires, and the screen shows the order it became.
  const stopLimit = list.locator('[data-kind="stop_limit"]');
  await expect(stopLimit.getAttribute('data-status')).resolves.toBe('waiting');
  const fired = async () => (await stops()).some((s) => s.kind === 'stop_limit' && s.status === 'triggered');
  await tradeAt(trigger, seller, taker, fired);
  await expect.poll(fired, { timeout: 20_000 }).toBe(true);
  await expect.poll(() => stopLimit.getAttribute('data-status'), { timeout: 20_000 }).toBe('triggered');
  const orderId = (await stops()).find((s) => s.kind === 'stop_limit')!.order_id!;
  await stopLimit.getByTestId('conditional-fired').getByText(`Order #${orderId}`).waitFor();
  await fillOrder(buyer, seller, orderId, price);
  await seeOnOrdersPage(page, orderId);
  await seeNotice(page);
  await page.context().close();
});

/** The fired limit buy filled on the maker's asks above the trigger, or against the seller now. */
async function fillOrder(buyer: Session, seller: Session, orderId: number, price: string) {
  const order = () => api<{ status: string }>('/coin/detail', { query: `id=${orderId}`, token: buyer.token });
  if ((await order()).status !== 'filled') await limit(seller, 'sell', price, '0.001');
  await expect.poll(async () => (await order()).status, { timeout: 20_000 }).toBe('filled');
}

/** The orders page's Conditional tab lists both, to the end, and opens the order the stop became. */
async function seeOnOrdersPage(page: Page, orderId: number) {
  await page.goto(`${e2e.app.home}#/pages/transaction/currency_order?state=conditional`);
  const list = page.getByTestId('conditionals');
  await expect.poll(() => list.getByTestId('conditional').count(), { timeout: 20_000 }).toBe(2);
  await expect(list.getByTestId('conditional').first().getAttribute('data-status')).resolves.toBe('cancelled');
  await expect(list.locator('[data-kind="stop_limit"]').getAttribute('data-status')).resolves.toBe('triggered');
  await page.getByText('No more data').waitFor();
  await list.getByRole('button', { name: `Open order ${orderId}` }).click();
  const detail = page.getByRole('dialog', { name: 'Order details' });
  await detail.getByTestId('fills').locator('li').nth(1).waitFor({ timeout: 20_000 });
}

/** The fill of the order the stop became is in the notification centre. */
async function seeNotice(page: Page) {
  await page.goto(`${e2e.app.home}#/pages/setting/setting?view=notifications`);
  const item = page.getByTestId('notifications').getByRole('button').filter({ hasText: 'Order filled' });
  await item.first().waitFor({ timeout: 30_000 });
}
