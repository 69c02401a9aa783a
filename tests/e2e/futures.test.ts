import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import { appInBrowser, type Session } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

/** A new account with `usdt` USDT of its demo funds moved to the futures (lever) account. */
async function trader(usdt: string): Promise<Session> {
  const session = await e2e.signUp('futures');
  await e2e.fund(session, '3', usdt, 'lever');
  return session;
}

const plain = (text: string | null) => new Decimal((text ?? '').replace(/[^\d.-]/g, '') || '0');

test('a long with take-profit and stop-loss opens, shows its profit live, and closes', async () => {
  const page = await openSignedIn(await trader('1000'), '/pages/transaction/contract?symbol=BTC/USDT', 'futures-long');
  await expect.poll(() => page.getByTestId('available').textContent(), { timeout: 20_000 }).toBe('1,000.00 USDT');
  await expect.poll(() => page.getByTestId('last-price').textContent(), { timeout: 20_000 }).toMatch(/\d/);
  expect(await smallTargets(page)).toEqual([]);

  // 10 lots of 0.001 BTC at 20x: the form shows margin, fee and liquidation before anything is sent.
  await page.getByRole('textbox', { name: 'Lots', exact: true }).fill('10');
  await page.getByRole('button', { name: '20x', exact: true }).click();
  await expect(page.getByTestId('quantity').textContent()).resolves.toMatch(/^Quantity: 0\.010 BTC/);
  await expect.poll(() => page.getByTestId('margin').textContent()).toMatch(/^\d[\d,]*\.\d\d USDT$/);
  const last = plain(await page.getByTestId('last-price').textContent());
  const takeProfit = last.times('1.05').toDecimalPlaces(2);
  const stopLoss = last.times('0.98').toDecimalPlaces(2);
  await page.getByRole('textbox', { name: 'Take-profit price' }).fill(takeProfit.toFixed());
  await page.getByRole('textbox', { name: 'Stop-loss price' }).fill(stopLoss.toFixed());

  // A stop-loss under the liquidation price is refused in the server's words before confirming.
  await page.getByRole('textbox', { name: 'Stop-loss price' }).fill(last.times('0.9').toDecimalPlaces(2).toFixed());
  await page.getByTestId('open-submit').click();
  await page
    .getByRole('alert')
    .getByText(/Stop-loss price must be below the current price/)
    .waitFor();
  await page.getByRole('textbox', { name: 'Stop-loss price' }).fill(stopLoss.toFixed());

  await page.getByTestId('open-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm futures order' });
  await confirm.waitFor();
  // Everything paid now: margin (price x 0.01 / 20, rounded up) plus the opening fee (0.05 %, rounded
  // down), computed to 8 decimals and shown at USDT's 2, rounded half-even.
  const usdt = (d: Decimal) => `${d.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2)} USDT`;
  const price = plain(await confirm.locator('dt:has-text("Market price (now)") + dd').textContent());
  expect(price.minus(last).abs().lte(last.times('0.01'))).toBe(true);
  const margin = price.times('0.01').div(20).toDecimalPlaces(8, Decimal.ROUND_UP);
  const fee = price.times('0.01').times('0.0005').toDecimalPlaces(8, Decimal.ROUND_DOWN);
  await expect(confirm.getByTestId('confirm-margin').textContent()).resolves.toBe(usdt(margin));
  await expect(confirm.getByTestId('confirm-fee').textContent()).resolves.toBe(usdt(fee));
  await expect(confirm.getByTestId('confirm-total').textContent()).resolves.toBe(usdt(margin.plus(fee)));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Position opened').waitFor();

  const position = page.getByTestId('open-positions').getByTestId('position');
  await expect.poll(() => position.count(), { timeout: 10_000 }).toBe(1);
  await expect(position.getAttribute('data-status')).resolves.toBe('open');
  await expect(position.getByTestId('take-profit').textContent()).resolves.toBe(
    takeProfit.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  await expect(position.getByTestId('stop-loss').textContent()).resolves.toBe(
    stopLoss.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  expect(plain(await position.getByTestId('liquidation').textContent()).lt(stopLoss)).toBe(true);

  // Live: the mark moves with the feed, and the profit shown is (mark - entry) x 0.01 at each mark.
  const firstMark = await position.getByTestId('mark').textContent();
  await expect.poll(() => position.getByTestId('mark').textContent(), { timeout: 20_000 }).not.toBe(firstMark);
  const entry = plain(await position.locator('dd').first().textContent());
  const figures = await position.evaluate((el) => ({
    mark: el.querySelector('[data-testid="mark"]')?.textContent ?? '',
    profit: el.querySelector('[data-testid="profit"]')?.textContent ?? '',
  }));
  const expected = plain(figures.mark).minus(entry).times('0.01');
  expect(
    plain(figures.profit.split(' ')[0] ?? '')
      .minus(expected)
      .abs()
      .lte('0.01'),
  ).toBe(true);
  await expect(position.getByTestId('risk-rate').textContent()).resolves.toMatch(/^\d[\d,.]*%$/);

  // Offline, nothing is placed.
  await page.context().setOffline(true);
  await expect(page.getByTestId('open-submit').isDisabled()).resolves.toBe(true);
  await page.context().setOffline(false);

  // Close, after a confirmation naming the profit at the mark.
  await position.getByRole('button', { name: /^Close position/ }).click();
  await page.getByText('Close this position?').waitFor();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByText('Position closed').waitFor();
  await expect.poll(() => page.getByTestId('open-positions').getByTestId('position').count()).toBe(0);
  // What came back: 1,000 less the two fees, plus or minus the profit.
  await expect
    .poll(async () =>
      plain(await page.getByTestId('available').textContent())
        .minus(1000)
        .abs()
        .lt(10),
    )
    .toBe(true);

  // History has it, closed by the user; offline it still reads from the store with its time.
  await page.goto(`${e2e.app.home}#/pages/transaction/contract_order?tab=history`);
  const closed = page.getByTestId('positions-history').getByTestId('position').first();
  await closed.waitFor();
  await expect(closed.getAttribute('data-status')).resolves.toBe('closed');
  // The close names the feed tick its price came from, as seconds contracts do.
  await expect(closed.getByTestId('close-tick').textContent()).resolves.toMatch(/ · simulated feed$/);
  await closed.getByText('Closed by you').waitFor();
  await page.getByText('No more data').waitFor();
  await page.context().setOffline(true);
  await page.getByRole('tab', { name: 'Positions' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByTestId('as-of').waitFor();
  await expect(page.getByTestId('positions-history').getByTestId('position').count()).resolves.toBe(1);
  await page.context().close();
});

test('positions page: close the shorts only, edit take-profit, stop-loss and a trailing stop, cancel a pending limit open', async () => {
  const session = await trader('1000');
  const open = (body: Record<string, string>) =>
    api<{ id: number; price: string; status: string }>('/lever/submit', {
      body: { currency_id: '1', legal_id: '3', share: '5', multiple: '10', status: '1', ...body },
      token: session.token,
    });
  await expect
    .poll(
      async () =>
        await open({ type: '2' }).then(
          () => true,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  const long = await open({ type: '1' });
  const pending = await open({ type: '1', status: '0', target_price: new Decimal(long.price).times('0.5').toFixed(2) });
  expect(pending.status).toBe('pending');

  const page = await openSignedIn(session, '/pages/transaction/contract_order?tab=positions', 'futures-positions');
  const rows = page.getByTestId('positions-positions').getByTestId('position');
  await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
  expect(await smallTargets(page)).toEqual([]);

  // Close shorts: one position, after a confirmation.
  await page.getByRole('button', { name: 'Close shorts' }).click();
  await page.getByText('Close short positions (1)?').waitFor();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByText('Positions closed: 1').waitFor();
  await expect.poll(() => rows.count()).toBe(1);
  await expect(rows.first().getAttribute('data-id')).resolves.toBe(String(long.id));

  // Take-profit below the entry is refused in the server's words; a valid pair of stops is saved.
  await rows
    .first()
    .getByRole('button', { name: /^Edit take-profit and stop-loss/ })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Take-profit and stop-loss' });
  await sheet.getByRole('textbox', { name: 'Take-profit price' }).fill(new Decimal(long.price).times('0.9').toFixed(2));
  await sheet.getByRole('button', { name: 'Save' }).click();
  await sheet
    .getByRole('alert')
    .getByText(/Take-profit price must be above the entry price/)
    .waitFor();
  const takeProfit = new Decimal(long.price).times('1.2').toDecimalPlaces(2);
  const stopLoss = new Decimal(long.price).times('0.95').toDecimalPlaces(2);
  await sheet.getByRole('textbox', { name: 'Take-profit price' }).fill(takeProfit.toFixed());
  await sheet.getByRole('textbox', { name: 'Stop-loss price' }).fill(stopLoss.toFixed());
  // A 3 % trailing stop beside them, previewed from the mark before it is saved.
  await sheet.getByRole('textbox', { name: 'Trailing stop (%)' }).fill('3');
  await sheet
    .getByTestId('trail-preview')
    .getByText(/^Trigger now: /)
    .waitFor();
  await sheet.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Stops saved').waitFor();
  await expect.poll(() => rows.first().getByTestId('trail').textContent()).toBe('3.00%');
  // About 3 % under the best mark since it was set (the mark moves meanwhile).
  const trigger = plain(await rows.first().getByTestId('trail-trigger').textContent());
  expect(trigger.div(long.price).toNumber()).toBeGreaterThan(0.9);
  expect(trigger.div(long.price).toNumber()).toBeLessThan(1);
  await expect
    .poll(() => rows.first().getByTestId('take-profit').textContent())
    .toBe(takeProfit.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 }));
  await expect(rows.first().getByTestId('stop-loss').textContent()).resolves.toBe(
    stopLoss.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );

  // The pending limit open is cancelled; its margin and fee come back.
  await page.getByRole('tab', { name: 'Pending' }).click();
  const waiting = page.getByTestId('positions-pending').getByTestId('position');
  await expect.poll(() => waiting.count()).toBe(1);
  await waiting
    .first()
    .getByRole('button', { name: `Cancel order ${pending.id}` })
    .click();
  await page.getByText('Cancel this order?').waitFor();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Cancel order', exact: true }).click();
  await page.getByText('Order cancelled').waitFor();
  await page.getByText('No pending orders.').waitFor();
  await page.context().close();
});
