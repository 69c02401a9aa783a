import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { RedisLink } from '../../redis/connect';
import type { ConditionalCore } from '../conditional/types';
import { Trading, type TradingCoreOptions } from '../core';
import { BlockIds } from '../ids';
import { PAIRS } from '../pairs';
import type { TradingCore } from '../types';
import { spotKeys } from './keys';
import { PairLeases } from './leases';
import { SpotOwner, type SpotOwnerOptions } from './owner';
import { RemoteTrading } from './router';

/** Spot matching as one process takes part in it. */
export interface SpotRuntime {
  /** What the routes and products call (`ctx.trading`). */
  core: TradingCore & ConditionalCore;
  /**
   * The core that commits batches in this process (the maker quotes through it, and its batches'
   * order events are sent from here); absent on an `api` process, which owns no pair.
   */
  committing?: Trading;
  /** The pairs this process matches now. */
  holds(pairId: number): boolean;
  /** A worker: how many pairs it holds, and whether its leases are in hand (readiness). */
  leases?: { held(): number; healthy(): boolean };
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** One process owns every pair (`SERVER_ROLE=all`): today's core, nothing routed. */
export function singleSpot(options: TradingCoreOptions): SpotRuntime {
  const trading = new Trading(options);
  return {
    core: trading,
    committing: trading,
    holds: () => true,
    start: () => trading.start(),
    stop: () => trading.stop(),
  };
}

interface ClusterOptions {
  db: Db;
  redis: RedisLink;
  log: (err: unknown, message: string) => void;
}

const routerOf = (o: ClusterOptions) =>
  new RemoteTrading({ db: o.db, redis: o.redis.client, keys: spotKeys(o.redis.prefix), log: o.log });

/** An `api` process: every command goes to its pair's owner; books are mirrored. */
export function routedSpot(o: ClusterOptions): SpotRuntime {
  const router = routerOf(o);
  return { core: router, holds: () => false, start: () => router.start(), stop: () => router.stop() };
}

/**
 * A `worker`: owns its share of the pairs (leases, fence, id blocks, its streams) and routes its
 * own commands (recurring buys) like an API process, so each reaches whichever worker owns the pair.
 */
export function ownedSpot(
  o: ClusterOptions &
    Omit<TradingCoreOptions, 'db' | 'log' | 'ids' | 'fence'> & { onMove?: SpotOwnerOptions['onMove'] },
): SpotRuntime {
  const leases = new PairLeases(o.db, `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`);
  const trading = new Trading({ ...o, ids: new BlockIds(o.db), fence: leases });
  const owner = new SpotOwner({
    trading,
    leases,
    redis: o.redis.client,
    keys: spotKeys(o.redis.prefix),
    pairs: [...PAIRS.keys()],
    log: o.log,
    ...(o.onMove ? { onMove: o.onMove } : {}),
  });
  const router = routerOf(o);
  return {
    core: router,
    committing: trading,
    holds: (pairId) => owner.held.includes(pairId),
    leases: { held: () => owner.held.length, healthy: () => owner.healthy() },
    async start() {
      await trading.start([]);
      await router.start();
      await owner.start();
    },
    async stop() {
      await owner.stop();
      await trading.stop();
      await router.stop();
    },
  };
}
