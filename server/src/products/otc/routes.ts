import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/otc';
import { OTC_COIN_IDS } from '@contract/otc';
import { AppError } from '../../errors';
import { inTransaction, type Tx } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { authorize, bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { ownUpload } from '../../uploads/upload-ref';
import { UPLOAD_NAME, UPLOAD_URL_PREFIX, uploadsDir } from '../../uploads/service';
import { uploadByName } from '../../admin/repo';
import { otcAdminRoutes } from './admin-routes';
import { appeal, cancelByBuyer, markPaid, openOrder, ownOrderForUpdate, releaseBySeller } from './orders';
import {
  adById,
  adsOf,
  insertMessage,
  latestApplication,
  listAds,
  merchantFigures,
  messagesOf,
  nicknames,
  orderById,
  orderHasImage,
  ordersOf,
  userBrief,
} from './repo';
import {
  adViews,
  applicationView,
  apply,
  messageView,
  orderView,
  saveAd,
  setAdStatus,
  statsView,
  type OtcDeps,
} from './service';
import { otcTerms, tradeLimits } from './terms';
import { PAY_WINDOWS } from '@contract/otc';
import type { OtcOrderRow } from '../../db/schema/index';

/** OTC's endpoints (contract/otc.ts) and the console's (admin-routes.ts); its jobs are in runtime.ts. */
export async function otcRoutes(app: FastifyInstance, deps: OtcDeps): Promise<void> {
  const { ctx } = app;
  const db = ctx.db;

  const orderReply = async (o: OtcOrderRow, viewerId: number | null) =>
    orderView(o, viewerId, await nicknames(db, [o.buyerId, o.sellerId]));

  bindEndpoint(app, contract.otcTerms, () => ({
    trade_limits: tradeLimits(),
    second_review_above: otcTerms.get().secondReviewAbove,
    pay_windows: [...PAY_WINDOWS],
  }));

  bindEndpoint(app, contract.otcAds, async (input) => {
    // The user's buy tab lists the merchants' sell ads, and the other way round.
    const side = input.side === 'buy' ? 'sell' : 'buy';
    const rows = await listAds(db, { side, currencyId: OTC_COIN_IDS[input.coin], fiat: input.fiat });
    const views = await adViews(db, deps, rows);
    // Best price first for the user: lowest to buy, highest to sell; no price last.
    const key = (p: string | null) => (p === null ? Infinity : side === 'sell' ? Number(p) : -Number(p));
    views.sort((a, b) => key(a.price) - key(b.price) || a.id - b.id);
    const from = (input.page - 1) * input.limit;
    return paged(views.slice(from, from + input.limit), views.length, input);
  });

  bindEndpoint(app, contract.otcAd, async (input) => {
    const ad = await adById(db, input.id);
    if (!ad) throw new AppError('otc_ad_not_found', { field: 'id' });
    return (await adViews(db, deps, [ad]))[0]!;
  });

  bindEndpoint(app, contract.otcApply, async (input, h) => {
    const userId = signedIn(h).user.id;
    return applicationView(await inTransaction(db, (tx) => apply(tx, userId, input.introduction, ctx.now())));
  });

  bindEndpoint(app, contract.otcMerchant, async (_input, h) => {
    const userId = signedIn(h).user.id;
    const [application, user, figures] = await Promise.all([
      latestApplication(db, userId),
      userBrief(db, userId),
      merchantFigures(db, [userId]),
    ]);
    return {
      application: application ? applicationView(application) : null,
      stats: statsView(userId, user?.nickname ?? '', figures),
    };
  });

  bindEndpoint(app, contract.otcAdSave, async (input, h) => {
    const userId = signedIn(h).user.id;
    const ad = await inTransaction(db, (tx) => saveAd(tx, userId, input, ctx.now()));
    return (await adViews(db, deps, [ad]))[0]!;
  });

  bindEndpoint(app, contract.otcAdStatus, async (input, h) => {
    const userId = signedIn(h).user.id;
    const ad = await inTransaction(db, (tx) => setAdStatus(tx, userId, input.id, input.status, ctx.now()));
    return (await adViews(db, deps, [ad]))[0]!;
  });

  bindEndpoint(app, contract.otcMyAds, async (input, h) => {
    const { rows, total } = await adsOf(db, signedIn(h).user.id, input);
    return paged(await adViews(db, deps, rows), total, input);
  });

  registerOrderRoutes(app, deps, orderReply);
  await app.register(otcAdminRoutes, { orderReply });
}

type OrderReply = (o: OtcOrderRow, viewerId: number | null) => Promise<contract.OtcOrder>;

/** The reply of a money move, built in its transaction: the idempotency record stores the view. */
const inView = async (tx: Tx, o: OtcOrderRow, viewerId: number) =>
  orderView(o, viewerId, await nicknames(tx, [o.buyerId, o.sellerId]));

/** Orders, their moves and their chat. */
function registerOrderRoutes(app: FastifyInstance, deps: OtcDeps, orderReply: OrderReply) {
  const { ctx } = app;
  const db = ctx.db;

  bindEndpoint(app, contract.otcOrderOpen, async (input, h) => {
    const userId = signedIn(h).user.id;
    return idempotent(h)(input, async (tx, now) =>
      inView(
        tx,
        await openOrder(tx, deps, {
          takerId: userId,
          adId: input.ad_id,
          quantity: input.quantity,
          method: input.method,
          now,
        }),
        userId,
      ),
    );
  });

  bindEndpoint(app, contract.otcOrderPaid, async (input, h) => {
    const userId = signedIn(h).user.id;
    // The proof is checked before the transaction: it must be the caller's own upload.
    const proof = input.proof ? await ownUpload(ctx, userId, input.proof, 'proof') : null;
    return idempotent(h)(input, async (tx, now) =>
      inView(tx, await markPaid(tx, input.id, userId, proof, now), userId),
    );
  });

  bindEndpoint(app, contract.otcOrderCancel, async (input, h) => {
    const userId = signedIn(h).user.id;
    return idempotent(h)(input, async (tx, now) => inView(tx, await cancelByBuyer(tx, input.id, userId, now), userId));
  });

  bindEndpoint(app, contract.otcOrderRelease, async (input, h) => {
    const userId = signedIn(h).user.id;
    return idempotent(h)(input, async (tx, now) =>
      inView(tx, await releaseBySeller(tx, input.id, userId, now), userId),
    );
  });

  bindEndpoint(app, contract.otcOrderAppeal, async (input, h) => {
    const userId = signedIn(h).user.id;
    const images: string[] = [];
    for (const ref of input.images ?? []) images.push(await ownUpload(ctx, userId, ref, 'images'));
    return idempotent(h)(input, async (tx, now) =>
      inView(tx, await appeal(tx, input.id, userId, input.text, images, now), userId),
    );
  });

  const partyOrder = async (id: number, userId: number) => {
    const o = await orderById(db, id);
    if (!o || (o.buyerId !== userId && o.sellerId !== userId)) throw new AppError('order_not_found', { field: 'id' });
    return o;
  };

  bindEndpoint(app, contract.otcOrder, async (input, h) => {
    const userId = signedIn(h).user.id;
    return orderReply(await partyOrder(input.id, userId), userId);
  });

  bindEndpoint(app, contract.otcOrders, async (input, h) => {
    const userId = signedIn(h).user.id;
    const { rows, total } = await ordersOf(db, userId, input.open === '1', input);
    const names = await nicknames(
      db,
      rows.flatMap((o) => [o.buyerId, o.sellerId]),
    );
    return paged(
      rows.map((o) => orderView(o, userId, names)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.otcMessages, async (input, h) => {
    const userId = signedIn(h).user.id;
    await partyOrder(input.id, userId);
    return (await messagesOf(db, [input.id], input.after)).map(messageView);
  });

  bindEndpoint(app, contract.otcMessageSend, async (input, h) => {
    const userId = signedIn(h).user.id;
    const image = input.image ? await ownUpload(ctx, userId, input.image, 'image') : null;
    return messageView(
      await inTransaction(db, async (tx) => {
        await ownOrderForUpdate(tx, input.id, userId);
        return insertMessage(tx, {
          orderId: input.id,
          senderId: userId,
          text: input.text,
          image,
          createdAt: ctx.now(),
        });
      }),
    );
  });

  // The other side of an order sees its images (proof, appeal, chat), which `/api/upload/:name`
  // serves to their owner only; nothing else of anyone's uploads.
  app.get<{ Params: { order: string; name: string } }>(
    '/api/otc/image/:order/:name',
    { schema: { hide: true } },
    async (req, reply) => {
      const session = await authorize(req, ctx, true);
      const orderId = Number(req.params.order);
      const { name } = req.params;
      const o =
        Number.isSafeInteger(orderId) && orderId > 0 && orderId < 2 ** 31 ? await orderById(db, orderId) : undefined;
      const party = o && session && (o.buyerId === session.user.id || o.sellerId === session.user.id);
      const row = UPLOAD_NAME.test(name) && party ? await uploadByName(db, name) : undefined;
      if (!row || !(await orderHasImage(db, orderId, UPLOAD_URL_PREFIX + name))) {
        throw new AppError('not_found', { status: 404 });
      }
      const bytes = await readFile(join(uploadsDir(ctx), name));
      return reply.type(row.mime).header('Cache-Control', 'private, no-store').send(bytes);
    },
  );
}
