import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as nft from '@contract/nft';
import { nftOrders, nftSales } from '../../db/schema/index';
import { checkInvariants, inTransaction, money } from '../../ledger/index';
import { partyHash, readHead } from '../../settlement-record/index';
import type { TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { bidReq, buyReq, change, detail, funded, listed, needPay, payReq } from '../../testing/nft';
import { recordsNamed, refuseRecords, settlementOf, verifiedChain } from '../../testing/records';
import { describeEachDatabase } from '../../testing/suite';
import { okOf } from '../../testing/wallet';
import { sweep } from './ending';

let era = 0;
const ERA_START = Date.UTC(2034, 0, 1);
function ownTime(t: TestApp): number {
  era += 1;
  const start = ERA_START + era * 10 * DAY;
  t.clock.set(new Date(start));
  return start;
}

const sweepAt = (t: TestApp, at: number) => inTransaction(t.app.ctx.db, (tx) => sweep(tx, new Date(at)));

describeEachDatabase('NFT settlement records', ({ app, database }) => {
  it('records an auction end once with its bids; recomputed from the record it matches the order and the ledger', async () => {
    const t = app();
    const T = ownTime(t);
    const seller = await funded(t);
    const a = await funded(t);
    const b = await funded(t);
    const art = await listed(t, { payType: 1, price: '50', start: new Date(T - MINUTE), end: new Date(T + DAY) });
    expect((await buyReq(t, seller.token, art.id)).body.type).toBe('ok');
    const resale = { id: art.id, pay_type: 2, price: '80', per_increase: '5', margin: '8' };
    const listing = await t.call(
      nft.resellNFT,
      { ...resale, start_time: T, end_time: T + HOUR },
      { token: seller.token },
    );
    expect(listing.body.type).toBe('ok');
    const saleId = (await detail(t, art.id)).sale_id!;
    for (const [u, price] of [
      [a, '80'],
      [b, '85'],
      [a, '95.5'],
    ] as const) {
      t.clock.set(new Date(t.clock.now().getTime() + MINUTE));
      expect((await bidReq(t, u.token, art.id, price)).body.type).toBe('ok');
    }
    const ref = `nft_auction:${saleId}`;
    expect(await recordsNamed(t.app.ctx.db, ref)).toEqual([]);

    // A sweep whose record cannot be written ends nothing: no order, the margins still held.
    const refuse = await refuseRecords(t.app.ctx.db, 'nft_auction');
    try {
      await expect(sweepAt(t, T + HOUR + MINUTE)).rejects.toThrow();
    } finally {
      await refuse();
    }
    const [open] = await t.app.ctx.db.select().from(nftSales).where(eq(nftSales.id, saleId));
    expect(open!.status).toBe('open');
    expect(await t.app.ctx.db.select().from(nftOrders).where(eq(nftOrders.saleId, saleId))).toEqual([]);
    expect(await change(t, b.user.id)).toEqual({ available: '4992', held: '8' });

    // Two sweeps at once: the end happens once and is recorded once.
    await Promise.all([sweepAt(t, T + HOUR + MINUTE), sweepAt(t, T + HOUR + MINUTE)]);
    await verifiedChain(t);
    expect(await recordsNamed(t.app.ctx.db, ref)).toHaveLength(1);
    const { bodies } = await settlementOf(t, ref);
    const d = bodies[0]!.data;
    expect(d).toMatchObject({
      sale_id: saleId,
      seller: partyHash(seller.user.id, saleId),
      bid_count: 3,
      result: 'sold',
      winner: partyHash(a.user.id, saleId),
      price: '95.5',
      winner_margin: '8',
      amount_due: '87.5',
      fee: '0',
      royalty: '0',
      seller_receives: '95.5',
    });
    expect((d.bids as { bidder: string }[]).map((x) => x.bidder)).toEqual(
      [a, b, a].map((u) => partyHash(u.user.id, saleId)),
    );
    // The winner's order says what the record says; the loser's margin is back.
    const [order] = await needPay(t, a.token);
    expect(order).toMatchObject({ price: d.price, amount_due: d.amount_due, due_at: d.payment_due_at });
    expect(await change(t, b.user.id)).toEqual({ available: '5000', held: '0' });
    // Paid: the seller receives the recorded amount, the winner has paid the recorded price.
    const sellerBefore = money((await change(t, seller.user.id)).available);
    expect(okOf(nft.payNFTOrder, (await payReq(t, a.token, order!.id)).body).state).toBe('paid');
    const sellerGot = money((await change(t, seller.user.id)).available).minus(sellerBefore);
    expect(sellerGot.toFixed()).toBe(d.seller_receives);
    expect(
      money(5000)
        .minus((await change(t, a.user.id)).available)
        .toFixed(),
    ).toBe(d.price);
    // Later sweeps record nothing more.
    await sweepAt(t, T + 3 * DAY);
    expect(await recordsNamed(t.app.ctx.db, ref)).toHaveLength(1);
    expect((await checkInvariants(database().db)).ok).toBe(true);
  });

  it('records the forfeited margin of an unpaid auction once, after the deadline, recomputed to the ledger', async () => {
    const t = app();
    const T = ownTime(t);
    const seller = await funded(t);
    const a = await funded(t);
    const art = await listed(t, { payType: 1, price: '50', start: new Date(T - MINUTE), end: new Date(T + DAY) });
    expect((await buyReq(t, seller.token, art.id)).body.type).toBe('ok');
    const resale = { id: art.id, pay_type: 2, price: '80', per_increase: '5', margin: '8' };
    const listing = await t.call(
      nft.resellNFT,
      { ...resale, start_time: T, end_time: T + HOUR },
      { token: seller.token },
    );
    expect(listing.body.type).toBe('ok');
    const saleId = (await detail(t, art.id)).sale_id!;
    t.clock.set(new Date(t.clock.now().getTime() + MINUTE));
    expect((await bidReq(t, a.token, art.id, '80')).body.type).toBe('ok');
    const ref = `nft_auction:${saleId}`;
    await sweepAt(t, T + HOUR + MINUTE);
    expect(await recordsNamed(t.app.ctx.db, ref)).toHaveLength(1);
    const [order] = await needPay(t, a.token);
    // Before the deadline nothing is forfeited.
    await sweepAt(t, order!.due_at! - MINUTE);
    expect(await recordsNamed(t.app.ctx.db, ref)).toHaveLength(1);

    // A sweep whose forfeit record cannot be written forfeits nothing.
    const refuse = await refuseRecords(t.app.ctx.db, 'nft_forfeit');
    try {
      await expect(sweepAt(t, order!.due_at! + MINUTE)).rejects.toThrow();
    } finally {
      await refuse();
    }
    const [waiting] = await t.app.ctx.db.select().from(nftOrders).where(eq(nftOrders.saleId, saleId));
    expect(waiting!.status).toBe('awaiting_payment');
    expect(await change(t, a.user.id)).toEqual({ available: '4992', held: '8' });

    await Promise.all([sweepAt(t, order!.due_at! + MINUTE), sweepAt(t, order!.due_at! + MINUTE)]);
    await verifiedChain(t);
    const seqs = await recordsNamed(t.app.ctx.db, ref);
    expect(seqs).toHaveLength(2);
    const { bodies } = await settlementOf(t, ref);
    const forfeit = bodies.find((b) => b.kind === 'nft_forfeit')!;
    expect(forfeit.data).toMatchObject({
      sale_id: saleId,
      order_id: order!.id,
      winner: partyHash(a.user.id, saleId),
      seller: partyHash(seller.user.id, saleId),
      price: '80',
      margin_held: '8',
      amount_due: '72',
      payment_due_at: order!.due_at,
      paid: false,
      forfeited: '8',
      forfeited_to: 'house',
      artwork_relisted: true,
    });
    // The winner of the end's record is the one whose margin went; the ledger took what it says.
    expect(bodies.find((b) => b.kind === 'nft_auction')!.data.winner).toBe(forfeit.data.winner);
    expect(await change(t, a.user.id)).toEqual({ available: money(5000).minus('8').toFixed(), held: '0' });
    const [expired] = await t.app.ctx.db.select().from(nftOrders).where(eq(nftOrders.saleId, saleId));
    expect(expired!.status).toBe('expired');
    await sweepAt(t, order!.due_at! + DAY);
    expect(await recordsNamed(t.app.ctx.db, ref)).toHaveLength(2);
    expect((await checkInvariants(database().db)).ok).toBe(true);
  });

  it('records an auction that ended without bids as no sale, and a fixed-price sale not at all', async () => {
    const t = app();
    const T = ownTime(t);
    const lot = await listed(t, {
      payType: 2,
      price: '100',
      perIncrease: '10',
      margin: '20',
      start: new Date(T - MINUTE),
      end: new Date(T + HOUR),
    });
    const shop = await listed(t, { payType: 1, price: '30', start: new Date(T - MINUTE), end: new Date(T + HOUR) });
    const before = await readHead(t.app.ctx.db);
    await sweepAt(t, T + HOUR + MINUTE);
    const { bodies } = await settlementOf(t, `nft_auction:${(await detail(t, lot.id)).sale_id!}`);
    expect(bodies[0]!.data).toMatchObject({ seller: null, bids: [], bid_count: 0, result: 'no_sale', winner: null });
    expect(await recordsNamed(t.app.ctx.db, `nft_auction:${(await detail(t, shop.id)).sale_id!}`)).toEqual([]);
    expect((await readHead(t.app.ctx.db)).seq).toBe(before.seq + 1);
    await verifiedChain(t);
  });

  it('records a blind box reveal once, matching the commitment published before the sale', async () => {
    const t = app();
    const T = ownTime(t);
    const u = await funded(t);
    const term = { payType: 3 as const, price: '5', start: new Date(T - MINUTE), end: new Date(T + DAY) };
    const box = await listed(t, term, 'blind_box');
    const spare = await listed(t, term, 'blind_box');
    const published = (await detail(t, box.id)).commitment!;
    expect(published).toMatch(/^[0-9a-f]{64}$/);
    for (const x of [box, spare]) expect((await buyReq(t, u.token, x.id)).body.type).toBe('ok');
    const open = (id: number) => t.call(nft.openBlindBox, { id }, { token: u.token, lang: 'en' });
    t.clock.set(new Date(T + HOUR));

    // Its record refused, the box stays sealed.
    const refuse = await refuseRecords(t.app.ctx.db, 'nft_blind_box');
    try {
      expect((await open(spare.id)).body.type).not.toBe('ok');
    } finally {
      await refuse();
    }
    expect((await detail(t, spare.id, u.token)).proof).toBeNull();
    expect(await recordsNamed(t.app.ctx.db, `nft_blind_box:${spare.id}`)).toEqual([]);

    // Two openings at once: one opens it, one record.
    const replies = await Promise.all([open(box.id), open(box.id)]);
    expect(replies.map((r) => r.body.type).sort()).toEqual(['error', 'ok']);
    await verifiedChain(t);
    expect(await recordsNamed(t.app.ctx.db, `nft_blind_box:${box.id}`)).toHaveLength(1);
    const { bodies } = await settlementOf(t, `nft_blind_box:${box.id}`);
    const proof = (await detail(t, box.id, u.token)).proof!;
    expect(bodies[0]!.data).toEqual({
      artwork_id: box.id,
      box: proof.box,
      owner: partyHash(u.user.id, box.id),
      sealed_at: expect.any(Number),
      commitment: published,
      salt: proof.salt,
      content: proof.content,
    });
    // Sealed when the box was made, before it was sold and opened.
    expect(bodies[0]!.data.sealed_at as number).toBeLessThan(bodies[0]!.at);
    expect((await open(spare.id)).body.type).toBe('ok');
    expect(await recordsNamed(t.app.ctx.db, `nft_blind_box:${spare.id}`)).toHaveLength(1);
  });
});
