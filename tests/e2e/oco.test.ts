import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appInBrowser, type Session } from './support/session';
import { shown, spotMarket } from './support/spot';

/**
 * An OCO sell from the trade screen: a limit leg on the wrong side of the last trade is refused,
 * the right one is confirmed with both legs and the funds held once; the OCO waits in the
 * Conditional list with its limit leg on the book, and when another account buys that limit
 * order, the OCO is triggered by its limit leg and its stop is cancelled.
 */
const e2e = appInBrowser();
const { api, openSignedIn } = e2e;
const { book, limit, account, lastTradeBy } = spotMarket(e2e);

interface Oco {
  id: number;
  kind: string;
  status: string;
  order_id: number | null;
  limit_order_id: number | null;
}

/** The OCO sell through the form: a limit at the last trade is refused, one above it is confirmed. */
async function placeOco(page: Page, p: { last: string; limit: string; trigger: string; stop: string; amount: string }) {
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await page.getByTestId('stop-type').click();
  await page.getByRole('option', { name: /^OCO/ }).click();
  await expect(page.getByTestId('stop-hint').textContent()).resolves.toBe(
    'OCO · Take-profit and stop-loss on the same amount: when one acts, the other is cancelled.',
  );
  await page.getByRole('textbox', { name: 'Limit price', exact: true }).fill(p.last);
  await page.getByRole('textbox', { name: 'Trigger price', exact: true }).fill(p.trigger);
  await page.getByRole('textbox', { name: 'Stop-limit price', exact: true }).fill(p.stop);
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('0.001');
  await page.getByRole('button', { name: 'Sell BTC' }).click();
  await page.getByText(`The limit price has already been reached by the last trade (${p.last})`).waitFor();
  await page.getByRole('textbox', { name: 'Limit price', exact: true }).fill(p.limit);
  await expect(page.getByTestId('stop-preview').textContent()).resolves.toBe(
    `A limit sell of ${p.amount} BTC at ${shown(p.limit)} USDT rests on the book now. ` +
      `If the last price reaches ≤ ${shown(p.trigger)} USDT, a limit sell at ${shown(p.stop)} USDT is placed. ` +
      'Whichever fills or triggers first cancels the other.',
  );
  await page.waitForTimeout(600);
  await page.getByRole('button', { name: 'Sell BTC' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm stop order' });
  await expect(confirm.getByText('Sell · OCO').count()).resolves.toBe(1);
  await expect(confirm.getByTestId('confirm-limit').textContent()).resolves.toBe(`${shown(p.limit)} USDT`);
  await expect(confirm.getByTestId('confirm-trigger').textContent()).resolves.toBe(`≤ ${shown(p.trigger)} USDT`);
  await expect(confirm.getByTestId('confirm-price').textContent()).resolves.toBe(`${shown(p.stop)} USDT`);
  await expect(confirm.getByTestId('confirm-amount').textContent()).resolves.toBe(`${p.amount} BTC`);
  // One hold for both legs: the amount sold, not twice.
  await expect(confirm.getByTestId('confirm-held').textContent()).resolves.toBe(`${p.amount} BTC`);
  await expect(confirm.getByTestId('confirm-fee').textContent()).resolves.toBe('0% (no fee)');
  await confirm.getByTestId('confirm-stop').click();
  await page.getByText('OCO placed: its limit order is on the book, its stop waits').waitFor();
}

/**
 * Another account buys at the limit price everything offered up to it, the OCO's limit order
 * among it (the maker may requote between the read and the buy: again).
 */
async function takeLimitLeg(price: string, buyer: Session, traded: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 3 && !(await traded()); attempt += 1) {
    const upTo = (await book()).asks.filter(([p]) => new Decimal(p).lte(price));
    const amount = upTo.reduce((sum, [, a]) => sum.plus(a), new Decimal(0));
    if (amount.gt(0)) await limit(buyer, 'buy', price, amount.toFixed());
  }
}

test('an OCO sell placed from the form waits with its limit leg, which trades and cancels the stop', async () => {
  const [seller, taker] = await Promise.all([account('oco', '0', '0.01'), account('oco-taker', '9000')]);
  const ocos = async () =>
    (await api<{ data: Oco[] }>('/coin/conditional/list', { token: seller.token })).data.filter(
      (c) => c.kind === 'oco',
    );
  const last = await lastTradeBy(taker);
  const { lot_size: lot, tick_size: tick } = (await book()).rules;
  const places = (step: string) => Math.max(0, new Decimal(step).decimalPlaces());
  // The limit one tick above the last trade; the stop far below, out of reach while the test runs.
  const prices = {
    last,
    limit: new Decimal(last).plus(tick).toFixed(places(tick)),
    trigger: new Decimal(last).times('0.9').toDecimalPlaces(places(tick)).toFixed(places(tick)),
    stop: new Decimal(last).times('0.89').toDecimalPlaces(places(tick)).toFixed(places(tick)),
    amount: new Decimal('0.001').toFixed(places(lot)),
  };

  const page = await openSignedIn(seller, '/pages/transaction/index?tab=coin', 'oco-orders');
  await page.getByTestId('order-book').waitFor();
  await page.getByRole('button', { name: 'Sell', exact: true }).click();
  await expect
    .poll(() => page.getByTestId('available').textContent(), { timeout: 20_000 })
    .toBe(`${new Decimal('0.01').toFixed(places(lot))} BTC`);
  await placeOco(page, prices);

  // It waits in the Conditional list with its limit leg; the limit order is on the book now.
  await page.getByRole('button', { name: /^Conditional \(/ }).click();
  const item = page.getByTestId('conditionals').locator('[data-kind="oco"]');
  await expect.poll(() => item.getAttribute('data-status'), { timeout: 20_000 }).toBe('waiting');
  await expect(item.getByTestId('conditional-limit-leg').textContent()).resolves.toBe(shown(prices.limit));
  await expect(item.getByTestId('conditional-trigger').textContent()).resolves.toBe(`≤ ${shown(prices.trigger)}`);
  const [placed] = await ocos();
  expect(placed).toMatchObject({ status: 'waiting', order_id: null });
  const limitOrder = () =>
    api<{ status: string }>('/coin/detail', { query: `id=${placed!.limit_order_id}`, token: seller.token });
  await expect(limitOrder()).resolves.toMatchObject({ status: 'open' });
  // The stop did not hold the base again: what is left to sell is the rest.
  await expect
    .poll(() => page.getByTestId('available').textContent(), { timeout: 20_000 })
    .toBe(`${new Decimal('0.009').toFixed(places(lot))} BTC`);

  // The taker buys the limit order: the OCO is triggered by its limit leg, and its stop is cancelled.
  const traded = async () => (await ocos()).some((c) => c.status === 'triggered');
  await takeLimitLeg(prices.limit, taker, traded);
  await expect.poll(traded, { timeout: 20_000 }).toBe(true);
  const [done] = await ocos();
  expect(done).toMatchObject({ status: 'triggered', order_id: placed!.limit_order_id });
  await expect.poll(() => item.getAttribute('data-status'), { timeout: 20_000 }).toBe('triggered');
  await expect(item.getByTestId('conditional-acted').getAttribute('data-acted')).resolves.toBe('limit');
  await expect(item.getByTestId('conditional-acted').textContent()).resolves.toBe('Limit leg filled');
  await item.getByTestId('conditional-fired').getByText(`Order #${placed!.limit_order_id}`).waitFor();
  await expect(item.getByRole('button', { name: /^Cancel stop order/ }).count()).resolves.toBe(0);
  await page.context().close();
});
