import { expect, test } from 'vitest';
import type { SettlementRecordView, SettlementTickView } from '../../contract/record';
import { PHONE, screenshotOnFailure, startInEnglish } from './support/browser';
import { closedFuturesPosition } from './support/futures';
import { appInBrowser } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();
const { api } = e2e;

test('the public record signed out: filtered by kind, a record with its tick, opened by its ref, the chain verified', async () => {
  const { id } = await closedFuturesPosition(e2e, 'record');
  const ref = `futures:${id}`;
  const { records } = await api<{ records: SettlementRecordView[] }>('/proof/record', { query: `ref=${ref}` });
  const [record] = records;
  expect(record).toMatchObject({ kind: 'futures_close', ref });
  const data = (JSON.parse(record!.body) as { data: { tick_price: string; tick_at: number } }).data;

  const context = await e2e.browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'record-page');
  await page.goto(`${e2e.app.home}#/pages/proof/record`);

  // Filtered by kind: only futures closes, this one among them, recomputed here to what it recorded.
  await page.getByTestId('record-filters').getByText('Futures close', { exact: true }).click();
  const card = page.getByTestId(`record-${record!.seq}`);
  await card.waitFor({ timeout: 20_000 });
  const titles = await page.locator('[data-testid^="record-"] h2').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.every((t) => t.endsWith(': Futures close'))).toBe(true);
  await expect(card.getByTestId('record-recheck').getAttribute('data-ok')).resolves.toBe('true');
  expect(await smallTargets(page)).toEqual([]);

  // Its tick, kept for good: the feed ticks tab at that time lists the recorded price.
  await card.getByTestId('tick-link-tick_at').click();
  await page.waitForURL(/tab=ticks/);
  const tick = page.getByTestId('settlement-tick');
  await expect.poll(() => tick.count(), { timeout: 20_000 }).toBe(1);
  await expect(tick.getAttribute('data-ts')).resolves.toBe(String(data.tick_at));
  const listed = await api<{ data: SettlementTickView[] }>('/proof/ticks', {
    query: `pair=BTC%2FUSDT&from=${data.tick_at}&to=${data.tick_at}`,
  });
  await expect(tick.getByTestId('tick-price').textContent()).resolves.toBe(listed.data[0]!.price);
  expect(Number(listed.data[0]!.price)).toBe(Number(data.tick_price));

  // Opened by its ref (a history's "verify this settlement"), then the whole chain checked here.
  await page.goto(`${e2e.app.home}#/pages/proof/record?ref=${encodeURIComponent(ref)}`);
  const one = page.getByTestId(`record-${record!.seq}`);
  await one.waitFor({ timeout: 20_000 });
  await expect(page.locator('[data-testid^="record-"] h2').count()).resolves.toBe(1);
  await expect(one.getByTestId('record-recheck').getAttribute('data-ok')).resolves.toBe('true');
  await page.getByTestId('chain-verify').click();
  await expect(page.getByTestId('chain-verdict').textContent({ timeout: 30_000 })).resolves.toMatch(
    /^All \d+ records link up/,
  );
  await context.close();
});

/** Leaves the record page loads at a time (`LEAVES_PAGE` of the proof feature). */
const LEAVES_PAGE = 10;
/** Contracts placed at once; the ones accepted in the same second expire and settle together. */
const BURST = 50;

/**
 * Seconds contracts placed at once by one user: at expiry they settle in batches, one record per
 * batch listing each order as a leaf. Bursts until a record lists more leaves than one page of the
 * record page holds (at most three); returns that record and its number of leaves.
 */
async function settledBatch(): Promise<{ seq: number; leaves: number }> {
  const session = await e2e.signUp('batch');
  await e2e.fund(session, '3', String(10 * 3 * BURST + 50), 'micro');
  const submit = () =>
    api<{ id: number }>('/microtrade/submit', {
      body: { match_id: '1', currency_id: '3', type: '1', seconds: '30', number: '10' },
      token: session.token,
    });
  // The simulated feed prices the pair within a few seconds of the start.
  await expect
    .poll(
      () =>
        submit().then(
          () => true,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  const seqOf = async (id: number) =>
    (await api<{ leaves: { seq: number }[] }>('/proof/record', { query: `ref=seconds:${id}` }).catch(() => null))
      ?.leaves[0]?.seq;
  let biggest = { seq: 0, leaves: 0 };
  for (let burst = 0; burst < 3 && biggest.leaves <= LEAVES_PAGE; burst++) {
    const ids = (await Promise.all(Array.from({ length: BURST }, submit))).map((o) => o.id);
    await expect
      .poll(async () => (await Promise.all(ids.map(seqOf))).every((s) => s !== undefined), {
        timeout: 90_000,
        interval: 2_000,
      })
      .toBe(true);
    const counts = new Map<number, number>();
    for (const seq of await Promise.all(ids.map(seqOf))) counts.set(seq!, (counts.get(seq!) ?? 0) + 1);
    for (const [seq, leaves] of counts) if (leaves > biggest.leaves) biggest = { seq, leaves };
  }
  expect(biggest.leaves).toBeGreaterThan(LEAVES_PAGE);
  // The record may hold more than the burst's: the first contract, placed to learn that the feed
  // priced the pair, can expire in the same batch.
  const { total } = await api<{ total: number }>('/proof/record/leaves', { query: `seq=${biggest.seq}&limit=1` });
  return { seq: biggest.seq, leaves: Number(total) };
}

test('a batch record signed out: its leaves listed page after page, each checked here against the record', async () => {
  const { seq, leaves } = await settledBatch();
  const context = await e2e.browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'record-leaves');
  await page.goto(`${e2e.app.home}#/pages/proof/record`);
  await page.getByTestId('record-filters').getByText('Seconds contract', { exact: true }).click();
  // Newest first, 20 a page: the bursts may have settled more batches than the first page holds.
  const card = page.getByTestId(`record-${seq}`);
  await expect
    .poll(
      async () => {
        if (await card.isVisible()) return true;
        const more = page.getByTestId('record-more');
        if (await more.isVisible()) await more.click();
        return false;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
  await card.getByText(`${leaves}, each listed by its hash`).waitFor({ timeout: 20_000 });
  // The card may be the unfiltered listing's, replaced (closed again) when the filter's reply
  // arrives: open it until the list stays.
  const list = card.getByTestId('record-leaves');
  await expect
    .poll(
      async () => {
        const open = card.getByTestId('record-leaves-open');
        if (await open.isVisible()) await open.click();
        return list.isVisible();
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // The first page, then, scrolled to its end, page after page until "No more data".
  const checks = list.getByTestId('record-leaf-check');
  await expect.poll(() => checks.count(), { timeout: 20_000 }).toBe(LEAVES_PAGE);
  await expect(list.getByTestId('leaves-summary').textContent()).resolves.toMatch(
    new RegExp(`^${LEAVES_PAGE} of ${leaves} loaded; ${LEAVES_PAGE} of them hash`),
  );
  await expect
    .poll(
      async () => {
        await list.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
        return checks.count();
      },
      { timeout: 30_000 },
    )
    .toBe(leaves);
  await list.getByTestId('leaves-end').waitFor();
  await expect(list.getByTestId('leaves-end').textContent()).resolves.toBe('No more data');
  const verdicts = await checks.allTextContents();
  expect(verdicts).toEqual(
    Array.from({ length: leaves }, (_, i) => `Listed in record ${seq} as entry ${i + 1}: its hash matches.`),
  );
  await expect(list.getByTestId('leaves-summary').textContent()).resolves.toBe(
    `${leaves} of ${leaves} loaded; ${leaves} of them hash to the entry the record lists at their place.`,
  );
  expect(await smallTargets(page)).toEqual([]);
  await context.close();
}, 400_000);
