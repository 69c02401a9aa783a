import { Decimal } from 'decimal.js';
import { expect, test } from 'vitest';
import { appInBrowser, type Session } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

/** A new account (demo funds in its legal account) with `usdt` USDT moved to its options (micro) account. */
async function player(usdt: string): Promise<Session> {
  const session = await e2e.signUp('seconds');
  if (usdt !== '0') await e2e.fund(session, '3', usdt, 'micro');
  return session;
}

interface MicroOrder {
  id: number;
  type: number;
  number: string;
  profit_ratio: string;
  open_price: string;
  end_price: string | null;
  status: string;
  result: string | null;
  payout: string | null;
}

/** The price as the screen writes it: grouped, with the pair's decimals. */
const grouped = (price: string, decimals: number) =>
  new Decimal(price)
    .toDecimalPlaces(decimals, Decimal.ROUND_DOWN)
    .toNumber()
    .toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

test('a 30 s contract counts down, settles at the feed price after expiry and shows both prices', async () => {
  const session = await player('200');
  const page = await openSignedIn(session, '/pages/transaction/index2?symbol=BTC/USDT', 'seconds-30s');
  await expect
    .poll(() => page.getByTestId('available').textContent(), { timeout: 20_000 })
    .toBe('Available 200.00 USDT');
  await page.getByTestId('duration-30').waitFor();
  expect(await page.getByTestId('duration-30').textContent()).toBe('30 s+20%');
  expect(await smallTargets(page)).toEqual([]);

  // Below the published minimum the form says so before anything is sent.
  await page.getByRole('textbox', { name: 'Stake (USDT)' }).fill('5');
  await page.getByRole('button', { name: /^Up/ }).click();
  await page.getByRole('alert').getByText('The least stake for this duration is 10 USDT.').waitFor();

  await page.getByRole('textbox', { name: 'Stake (USDT)' }).fill('50');
  await expect(page.getByTestId('expected-payout').textContent()).resolves.toBe('60.00 USDT (profit +10.00)');
  await page.getByRole('button', { name: /^Up/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm contract' });
  await expect(confirm.getByTestId('confirm-direction').textContent()).resolves.toBe('Up');
  await expect(confirm.getByTestId('confirm-stake').textContent()).resolves.toBe('50 USDT');
  await expect(confirm.getByTestId('confirm-payout').textContent()).resolves.toMatch(/^60 USDTprofit \+10 USDT$/);
  await confirm.getByText(/entry price is the feed's last trade at acceptance/).waitFor();
  await confirm.getByTestId('confirm-contract').click();
  await page.getByText('Contract opened').waitFor();

  // Holding: the stake is held and the countdown runs from the server's remaining time.
  const card = page.getByTestId('holding').getByTestId('micro-order');
  await expect.poll(() => card.count()).toBe(1);
  await expect.poll(() => page.getByTestId('available').textContent()).toBe('Available 150.00 USDT');
  const first = Number((await card.getByTestId('countdown').textContent())?.replace('0:', ''));
  expect(first).toBeGreaterThan(20);
  // Expiry is the next whole second after acceptance + 30 s (the feed ticks on whole seconds).
  expect(first).toBeLessThanOrEqual(31);
  // It ticks on the screen's clock.
  await expect
    .poll(async () => Number((await card.getByTestId('countdown').textContent())?.replace('0:', '')), {
      timeout: 5_000,
    })
    .toBeLessThan(first);

  const [placed] = (
    await api<{ data: MicroOrder[] }>('/microtrade/lists', { query: 'status=holding', token: session.token })
  ).data;
  expect(placed).toBeDefined();
  const decimals = 2;
  await expect(card.getByTestId('open-price').textContent()).resolves.toContain(grouped(placed!.open_price, decimals));
  // While it runs, the live price says where it stands: an up contract wins above the entry.
  const live = card.getByTestId('live-price');
  await live.waitFor();
  const [liveText, standing] = [await live.textContent(), await live.getAttribute('data-standing')];
  const cmp = new Decimal(liveText!.replaceAll(',', '')).comparedTo(
    new Decimal(placed!.open_price).toDecimalPlaces(decimals, Decimal.ROUND_DOWN),
  );
  expect(standing).toBe(cmp > 0 ? 'win' : cmp < 0 ? 'loss' : 'tie');

  // Settled: the result sheet (from the live event, or the screen asking after expiry) with both prices.
  const sheet = page.getByTestId('result-sheet');
  await sheet.waitFor({ timeout: 60_000 });
  const settled = await api<MicroOrder>('/microtrade/get_result', { query: `id=${placed!.id}`, token: session.token });
  expect(settled.status).toBe('settled');
  const resultText = { win: 'Won +10.00 USDT', loss: 'Lost -50.00 USDT', tie: 'Tie, stake refunded' }[
    settled.result as 'win' | 'loss' | 'tie'
  ];
  if (settled.result === 'void') {
    await sheet.getByTestId('result').getByText(/^Void/).waitFor();
  } else {
    await expect(sheet.getByTestId('result').textContent()).resolves.toBe(resultText);
    await expect(sheet.getByTestId('end-price').textContent()).resolves.toContain(
      grouped(settled.end_price!, decimals),
    );
  }
  await expect(sheet.getByTestId('open-price').textContent()).resolves.toContain(grouped(settled.open_price, decimals));
  await expect(sheet.getByTestId('open-price').textContent()).resolves.toContain('simulated feed');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => card.count()).toBe(0);
  const back = new Decimal(150).plus(settled.payout!);
  await expect
    .poll(() => page.getByTestId('available').textContent())
    .toBe(`Available ${back.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 })} USDT`);

  // History: the settled contract with its prices and when; offline it still reads, with its time.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByTestId('micro-history').getByTestId('micro-order');
  await expect.poll(() => history.count()).toBe(1);
  await expect(history.getAttribute('data-result')).resolves.toBe(settled.result);
  await expect(history.getByTestId('settled-ago').textContent()).resolves.toBe('now');
  await page.getByText('No more data').waitFor();
  expect(await smallTargets(page)).toEqual([]);
  await page.context().setOffline(true);
  await page.getByRole('tab', { name: 'Holding' }).click();
  await page.getByRole('tab', { name: 'History' }).click();
  await page.getByTestId('as-of').waitFor();
  await expect(history.count()).resolves.toBe(1);

  // Nothing is placed offline.
  await page.goto(`${e2e.app.home}#/pages/transaction/index2?symbol=BTC/USDT`);
  await page.getByText('Contracts are never placed offline.').waitFor();
  await expect(page.getByRole('button', { name: /^Up/ }).isDisabled()).resolves.toBe(true);

  // Back online, the settled contract's history links its entry in the public settlement record:
  // the order's inputs and outcome, listed by hash in its batch's record, the chain checked here.
  await page.context().setOffline(false);
  await page.goto(`${e2e.app.home}#/pages/transaction/seconds_order?symbol=BTC/USDT&state=history`);
  const verify = page.getByTestId('micro-order').getByTestId('verify-settlement');
  await verify.waitFor({ timeout: 20_000 });
  expect(await smallTargets(page)).toEqual([]);
  await verify.click();
  await page.waitForURL(new RegExp(`#/pages/proof/record\\?ref=seconds(%3A|:)${placed!.id}$`));
  const leaf = page.getByTestId('record-leaf');
  await expect(leaf.getByTestId('record-leaf-check').textContent({ timeout: 20_000 })).resolves.toMatch(
    /^Listed in record \d+ as entry \d+: its hash matches\.$/,
  );
  await leaf.getByText(settled.result!, { exact: true }).waitFor();
  await page.getByTestId('chain-verify').click();
  await expect(page.getByTestId('chain-verdict').textContent({ timeout: 30_000 })).resolves.toMatch(
    /^All \d+ records link up/,
  );
  // The entry's tick is kept and listed at its feed time with the price the order recorded.
  await leaf.getByTestId('tick-link-open_price_at').click();
  await page.waitForURL(/tab=ticks/);
  const tick = page.getByTestId('settlement-tick');
  await expect.poll(() => tick.count(), { timeout: 20_000 }).toBe(1);
  const shownPrice = await tick.getByTestId('tick-price').textContent();
  expect(new Decimal(shownPrice!).eq(settled.open_price)).toBe(true);
  await page.context().close();
});

test('the trade tab leads to seconds contracts', async () => {
  const session = await player('0');
  const page = await openSignedIn(session, '/pages/transaction/index?tab=coin', 'seconds-entry');
  await page.getByTestId('seconds-entry').click();
  await page.waitForURL(/#\/pages\/transaction\/index2/);
  await page.getByTestId('duration-30').waitFor();
  // An empty options account points to the transfer.
  await page.getByRole('button', { name: 'Your options account is empty: transfer funds to it' }).click();
  await page.waitForURL(/#\/pages\/fund\/fundTransfer/);
  await page.context().close();
});
