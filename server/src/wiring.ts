/**
 * The composition root of the routes: every product's runtime (engines, workers, jobs) is built
 * here with its dependencies named, in dependency order, and handed to the route plugins that use
 * it. Nothing is found through module-level registries, and no route plugin relies on another
 * having run first. Tests and tools reach the runtimes through `app.products` and `app.push`, and
 * what each push event says through `app.pushTexts`.
 */
import type { FastifyInstance } from 'fastify';
import { LEVER_TRADE_EVENT } from '@contract/user-events';
import { adminRoutes } from './admin/routes';
import { authRoutes } from './auth/routes';
import { securityRoutes } from './security/routes';
import { deviceRoutes } from './devices/routes';
import { couponRoutes } from './coupons/routes';
import { startDemoReviewer } from './admin/demo-reviewer';
import { startDemoTraders } from './products/copytrade/demo-traders';
import { identityDemoQueue } from './products/identity/demo-review';
import { rechargeDemoQueue } from './products/fund/demo-review';
import type { Database } from './db/client';
import type { EngineHold } from './db/engine-lock';
import type { Listener } from './db/listen';
import { devRoutes } from './dev/routes';
import { createFiatRates } from './fiat/rates';
import { fiatRoutes } from './fiat/routes';
import { marketPrices, type PriceSource } from './market/prices';
import { marketRoutes } from './market/routes';
import { staticPlugin } from './plugins/static';
import { billRoutes } from './products/bills/routes';
import { contentRoutes } from './products/content/routes';
import { startCopytrade } from './products/copytrade/runtime';
import { CopyEngine } from './products/copytrade/engine';
import { heldCopies } from './products/copytrade/held';
import { followRoutes } from './products/copytrade/routes';
import { favoriteRoutes } from './products/favorites/routes';
import type { DepositAddressSource } from './products/fund/deposit-address';
import { fundRoutes } from './products/fund/routes';
import { FuturesEngine } from './positions/engine';
import { futuresHoldings, unrealisedByUser } from './products/futures/holdings';
import { leverRoutes } from './products/futures/routes';
import { ieoHoldings } from './products/ieo/holdings';
import { investHoldings } from './products/invest/holdings';
import { lockmingHoldings } from './products/lockming/holdings';
import { escrowedStakes, escrowedStakesByUser } from './products/seconds/repo';
import { startContent } from './products/content/runtime';
import { startIeo } from './products/ieo/runtime';
import { startInvest } from './products/invest/runtime';
import { startInvite } from './products/invite/runtime';
import { startLockming } from './products/lockming/runtime';
import { startNft } from './products/nft/runtime';
import { startSupport } from './products/support/runtime';
import { startFutures } from './products/futures/runtime';
import { identityRoutes } from './products/identity/routes';
import { toCreditByUser } from './products/ieo/repo';
import { ieoRoutes } from './products/ieo/routes';
import { dualRoutes } from './products/invest/routes';
import { inviteRoutes } from './products/invite/routes';
import { lockmingRoutes } from './products/lockming/routes';
import { loanRoutes } from './products/loans/routes';
import { alertRoutes } from './products/alerts/routes';
import { AlertWatcher, quoteTick, startAlerts } from './products/alerts/runtime';
import { LoanWatcher, startLoans } from './products/loans/runtime';
import { nftAdminRoutes } from './products/nft/admin';
import { nftRoutes } from './products/nft/routes';
import { profileRoutes } from './products/profile/routes';
import { startDemoMerchant } from './products/otc/demo-merchant';
import { otcRoutes } from './products/otc/routes';
import { startOtc } from './products/otc/runtime';
import { proofRoutes } from './products/proof/routes';
import { startProof } from './products/proof/runtime';
import type { SecondsRuntime } from './products/seconds/index';
import { microtradeRoutes } from './products/seconds/routes';
import { siteRoutes } from './products/site/routes';
import { supportRoutes } from './products/support/routes';
import { tradeRoutes } from './products/trade/routes';
import { placeMarketBuy } from './products/trade/service';
import { recurringRoutes } from './products/recurring/routes';
import { startRecurring } from './products/recurring/runtime';
import type { BalanceCache } from './products/wallet/balance-cache';
import { walletRoutes } from './products/wallet/routes';
import { pushRoutes } from './push/routes';
import { noticeRoutes } from './notice/routes';
import { startPush, type PushRuntime } from './push/runtime';
import { pushTexts, type PushRenderers } from './push/texts';
import { CORE_PUSH_RENDERERS } from './push/renderers';
import { ALERT_PUSH_RENDERERS } from './products/alerts/push-texts';
import { FUTURES_PUSH_RENDERERS } from './products/futures/push-texts';
import { LOAN_PUSH_RENDERERS } from './products/loans/push-texts';
import { NFT_PUSH_RENDERERS } from './products/nft/push-texts';
import { OTC_PUSH_RENDERERS } from './products/otc/push-texts';
import { RECURRING_PUSH_RENDERERS } from './products/recurring/push-texts';
import { SECONDS_PUSH_RENDERERS } from './products/seconds/push-texts';
import { SUPPORT_PUSH_RENDERERS } from './products/support/push-texts';
import { TRADE_PUSH_RENDERERS } from './products/trade/push-texts';
import { startMaker, type MakerRunOptions } from './trading/maker/index';
import { uploadRoutes } from './uploads/routes';
import type { Duties } from './roles';

/**
 * What every push event says and opens, in each language: the core's renderers and each
 * product's. An event type of the contract without its renderer does not compile. The push
 * worker (here and in `cli/push-worker.ts`), the inbox and the notice mails render with it.
 */
export const PUSH_RENDERERS = {
  ...CORE_PUSH_RENDERERS,
  ...TRADE_PUSH_RENDERERS,
  ...RECURRING_PUSH_RENDERERS,
  ...OTC_PUSH_RENDERERS,
  ...ALERT_PUSH_RENDERERS,
  ...NFT_PUSH_RENDERERS,
  ...SECONDS_PUSH_RENDERERS,
  ...FUTURES_PUSH_RENDERERS,
  ...LOAN_PUSH_RENDERERS,
  ...SUPPORT_PUSH_RENDERERS,
} satisfies PushRenderers;

/** The products' runtimes of one app. */
export interface ProductRuntimes {
  seconds: SecondsRuntime;
  futures: FuturesEngine;
  copytrade: CopyEngine;
  loans: LoanWatcher;
  alerts: AlertWatcher;
}

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductRuntimes;
    push: PushRuntime;
  }
}

export interface RouteDependencies {
  /** What `buildApp` was given for the routes (see `BuildAppOptions`). */
  options: {
    engine?: EngineHold | undefined;
    prices?: PriceSource | undefined;
    custody?: DepositAddressSource | undefined;
    maker?: MakerRunOptions | undefined;
    fiatFetch?: typeof fetch | undefined;
    distDir: string;
    /** Demo mode's seeded shelves (coupons) and reviewer; the test harness turns them off unless asked. */
    demoSeeds: boolean;
  };
  /** What this process runs (`roles.ts`): the background work is started only where it says. */
  duties: Duties;
  database: Database;
  seconds: SecondsRuntime;
  balanceCache: BalanceCache;
  listener: Listener;
}

/** Accounts, uploads, money in and out, and the console's review queues. */
async function registerAccounts(app: FastifyInstance, deps: RouteDependencies) {
  const { options } = deps;
  await app.register(authRoutes);
  await app.register(securityRoutes);
  await app.register(deviceRoutes);
  await app.register(siteRoutes, { database: deps.database.kind, engine: options.engine });
  await app.register(uploadRoutes);
  await app.register(profileRoutes);
  const prices = options.prices ?? marketPrices(app.ctx.market, () => app.ctx.now().getTime());
  await app.register(fundRoutes, { prices, custody: options.custody });
  await app.register(identityRoutes);
  await app.register(adminRoutes);
  await app.register(marketRoutes);
  return prices;
}

/**
 * An api process's engines and watchers: built for its routes (which index and announce what they
 * commit) but not started, so none loads the book, follows the feed or acts on a price here.
 */
function idleEngines(app: FastifyInstance): Omit<ProductRuntimes, 'seconds'> {
  const { ctx } = app;
  const log = (err: unknown, message: string) => app.log.error({ err }, message);
  const futures = new FuturesEngine({
    db: ctx.db,
    market: ctx.market,
    now: ctx.now,
    emit: (userId, event) => app.realtime.emitToUser(userId, LEVER_TRADE_EVENT, event),
    log,
  });
  // Its throttled lever_trade events wait on timers.
  app.addHook('preClose', () => futures.stop());
  return {
    futures,
    copytrade: new CopyEngine({ db: ctx.db, futures, now: ctx.now, log }),
    loans: new LoanWatcher({ db: ctx.db, now: ctx.now, log }),
    alerts: new AlertWatcher({ db: ctx.db, now: ctx.now, log, tickOf: (pairId) => quoteTick(ctx.market, pairId) }),
  };
}

/** The trading products; the copy engine follows the futures engine it copies through. */
async function registerTrading(app: FastifyInstance, deps: RouteDependencies): Promise<ProductRuntimes> {
  const { background } = deps.duties;
  const idle = background ? undefined : idleEngines(app);
  const maker = background
    ? await startMaker(app.ctx, { onError: (err) => app.log.error({ err }, 'market maker'), ...deps.options.maker })
    : undefined;
  if (maker) app.addHook('preClose', () => maker.stop());
  await app.register(tradeRoutes, { ...(maker ? { maker } : {}) });
  // Recurring buys place their market buys through the spot order service.
  if (background) startRecurring(app, (req) => placeMarketBuy(app.ctx.market, app.ctx.trading, req));
  await app.register(recurringRoutes);
  const futures = idle?.futures ?? (await startFutures(app, deps.listener));
  await app.register(leverRoutes, { engine: futures, heldCopies });
  const copytrade = idle?.copytrade ?? (await startCopytrade(app, futures));
  // Demo mode: labelled demo traders trade through the futures engine so there is someone to follow.
  if (app.ctx.config.mode === 'demo' && deps.options.demoSeeds && background) await startDemoTraders(app, futures);
  await app.register(followRoutes);
  await app.register(microtradeRoutes, { seconds: deps.seconds });
  // Crypto loans: the liquidation watcher follows the same feed trades as the futures triggers.
  const loans = idle?.loans ?? (await startLoans(app, deps.listener));
  await app.register(loanRoutes, { watcher: loans });
  // Price alerts: evaluated from the same feed trades, and from each pump's 24 h change.
  const alerts = idle?.alerts ?? (await startAlerts(app, deps.listener));
  await app.register(alertRoutes, { watcher: alerts });
  return { seconds: deps.seconds, futures, copytrade, loans, alerts };
}

/** Every route plugin of the app, with the runtimes it uses. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDependencies): Promise<void> {
  const { options } = deps;
  const { ctx } = app;
  // Jobs, demo seeds and demo actors start only in a process with the background work.
  const { background } = deps.duties;
  const demoActors = ctx.config.mode === 'demo' && options.demoSeeds && background;
  // Before the routes: the account and security routes mail notices with it.
  const texts = pushTexts(PUSH_RENDERERS);
  app.decorate('pushTexts', texts);
  const prices = await registerAccounts(app, deps);
  app.decorate('products', await registerTrading(app, deps));
  if (background) await startIeo(app);
  await app.register(ieoRoutes);
  if (background) await startLockming(app);
  await app.register(lockmingRoutes);
  await app.register(couponRoutes, { seedDemo: options.demoSeeds && background });
  // Demo mode: a labelled reviewer approves identity and recharge requests about a minute later.
  if (demoActors) await startDemoReviewer(ctx, [identityDemoQueue, rechargeDemoQueue]);
  await app.register(billRoutes);
  if (background) startInvite(app);
  await app.register(inviteRoutes);
  if (background) startInvest(app);
  await app.register(dualRoutes);
  if (background) await startNft(app);
  await app.register(nftRoutes);
  await app.register(nftAdminRoutes);
  if (background) await startContent(app);
  await app.register(contentRoutes);
  // Liabilities outside the ledger accounts, read in the snapshot's consistent transaction.
  const proof = startProof(app, {
    sources: [
      { name: 'futures_pnl', read: (tx) => unrealisedByUser(tx, ctx.market) },
      { name: 'ieo_to_credit', read: toCreditByUser },
      { name: 'seconds_escrow', read: escrowedStakesByUser },
    ],
  });
  app.decorate('proof', proof);
  await app.register(proofRoutes, { service: proof });
  // Web push: subscriptions, preferences, and the outbox worker woken by the database's notifications.
  const push = await startPush(app, { texts, listener: deps.listener, ...(background ? {} : { worker: false }) });
  app.decorate('push', push);
  await app.register(pushRoutes, { runtime: push });
  // The inbox every notice lands in; push is one channel of it.
  await app.register(noticeRoutes, { texts });
  // One fiat table for /fiat/rates and every reply that converts to fiat.
  const fiat = createFiatRates({
    url: ctx.config.fiatSourceUrl,
    now: ctx.now,
    ...(options.fiatFetch ? { fetch: options.fiatFetch } : {}),
    onError: (err) => app.log.warn({ err }, 'fiat rates source unavailable; serving the last or shipped table'),
  });
  await app.register(walletRoutes, {
    prices,
    fiat,
    balanceCache: deps.balanceCache,
    holdings: [futuresHoldings, lockmingHoldings, investHoldings, ieoHoldings],
    escrowedStakes,
  });
  await app.register(favoriteRoutes);
  if (background) startSupport(app);
  await app.register(supportRoutes);
  await app.register(fiatRoutes, { fiat });
  // Peer-to-peer fiat trading: prices from the feed, converted with the same fiat table.
  startOtc(app);
  await app.register(otcRoutes, { prices, fiat });
  // Demo mode: a labelled demo merchant with ads that releases paid orders about a minute later.
  if (demoActors) await startDemoMerchant(ctx);
  if (ctx.config.mode === 'demo') await app.register(devRoutes);
  await app.register(staticPlugin, { distDir: options.distDir });
}
