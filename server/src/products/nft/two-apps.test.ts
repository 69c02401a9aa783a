import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { settlementRef } from '@contract/record';
import { nftOrders, nftSales, settlementRecords } from '../../db/schema/index';
import { checkInvariants, inTransaction } from '../../ledger/index';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { bidReq, change, funded, listed } from '../../testing/nft';
import { describeTwoApps } from '../../testing/two-apps';
import { NFT_SWEEP_JOB, sweep } from './ending';

/**
 * Two apps on one database stand for two server processes: an auction bid on through A is ended
 * by B's scheduler, which finds due sales in the database; two sweeps at once (two schedulers, or
 * two sweeps past the scheduler's lock) end it once (`FOR UPDATE SKIP LOCKED` and the conditional
 * update of the sale's status).
 */
let era = 0;
const ERA_START = Date.UTC(2034, 0, 1);

describeTwoApps(
  'NFT auction ends across two processes',
  ({ a, b, database }) => {
    /** An auction with a bid from each of two users, ending in an hour. */
    const auction = async () => {
      era += 1;
      const T = ERA_START + era * 10 * DAY;
      a().clock.set(new Date(T));
      const [x, y] = [await funded(a()), await funded(a())];
      const art = await listed(a(), {
        payType: 2,
        price: '100',
        perIncrease: '10',
        margin: '20',
        start: new Date(T - MINUTE),
        end: new Date(T + HOUR),
      });
      expect((await bidReq(a(), x.token, art.id, '100')).body.type).toBe('ok');
      expect((await bidReq(a(), y.token, art.id, '110')).body.type).toBe('ok');
      const [sale] = await database().db.select().from(nftSales).where(eq(nftSales.artworkId, art.id));
      return { end: T + HOUR, sale: sale!, loser: x.user.id, winner: y.user.id };
    };
    const endedOnce = async (saleId: number, loser: number) => {
      const orders = await database().db.select().from(nftOrders).where(eq(nftOrders.saleId, saleId));
      const records = await database()
        .db.select()
        .from(settlementRecords)
        .where(
          and(eq(settlementRecords.kind, 'nft_auction'), eq(settlementRecords.ref, settlementRef.nftAuction(saleId))),
        );
      const [sale] = await database().db.select().from(nftSales).where(eq(nftSales.id, saleId));
      expect(sale!.status).toBe('awaiting_payment');
      expect(orders).toHaveLength(1);
      expect(records).toHaveLength(1);
      // The loser's margin came back once.
      expect(await change(a(), loser)).toEqual({ available: '5000', held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    };

    it('an auction bid on through A is ended by B’s scheduler', async () => {
      const { end, sale, loser } = await auction();
      b().clock.set(new Date(end + MINUTE));
      await b().app.ctx.scheduler.runDue();
      await endedOnce(sale.id, loser);
    });

    it('two schedulers, and two sweeps past the scheduler’s lock, end it once', async () => {
      const { end, sale, loser } = await auction();
      const at = new Date(end + MINUTE);
      a().clock.set(at);
      await Promise.all([
        a().app.ctx.scheduler.runDue(),
        b().app.ctx.scheduler.runDue(),
        inTransaction(a().app.ctx.db, (tx) => sweep(tx, at)),
        inTransaction(b().app.ctx.db, (tx) => sweep(tx, at)),
      ]);
      await endedOnce(sale.id, loser);
    });
  },
  () => ({ scheduler: { jobs: [NFT_SWEEP_JOB] } }),
);
