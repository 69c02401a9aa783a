import type { FastifyInstance } from 'fastify';
import * as lever from '@contract/lever';
import * as microtrade from '@contract/microtrade';
import type { MicroSeconds } from '@contract/microtrade';
import * as trade from '@contract/trade';
import type { MakerSettings } from '@contract/trade';
import { AppError } from '../../errors';
import { leverSettings } from '../futures/terms';
import { inTransaction, toWire } from '../../ledger/index';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { secondsTerms } from '../seconds/terms';
import { applySaved, saveLiveSetting, type LiveSetting } from '../../settings/live';
import type { MarketMaker } from '../../trading/maker/index';
import { effectiveMakerConfig, makerPaused, makerSettings } from '../../trading/maker/terms';
import { audit } from '../../admin/repo';

export interface ProductRoutesOptions {
  /** The running maker, when this server has one (its pairs' live state). */
  maker?: MarketMaker;
}

/**
 * Back-office settings of the running engines: seconds durations, futures parameters and the
 * market maker. Each save locks its settings row, writes the audit row with before and after in
 * the same transaction, and is applied in this process at once (others on the announcement).
 */
export async function productRoutes(app: FastifyInstance, options: ProductRoutesOptions): Promise<void> {
  const { ctx } = app;

  async function save<T>(adminId: number, setting: LiveSetting<T>, action: string, change: (v: T) => T): Promise<T> {
    const now = ctx.now();
    const saved = await inTransaction(ctx.db, async (tx) => {
      const { before, after } = await saveLiveSetting(tx, setting, change, now);
      await audit(tx, {
        adminId,
        action,
        entity: setting.key,
        entityId: after.v,
        before: before.value,
        after: after.value,
        at: now,
      });
      return after;
    });
    applySaved(setting, saved);
    return saved.value;
  }

  bindEndpoint(app, microtrade.adminSecondsDurations, () => [...secondsTerms.get()]);

  bindEndpoint(app, microtrade.adminSecondsSave, async (input, h) => {
    const admin = signedIn(h).user;
    const row = {
      seconds: input.seconds,
      status: input.status,
      profit_ratio: toWire(input.profit_ratio),
      min_stake: toWire(input.min_stake),
      max_stake: toWire(input.max_stake),
    };
    const saved = await save(admin.id, secondsTerms, 'seconds.save', (current): MicroSeconds[] => {
      if (current.some((d) => d.seconds === row.seconds && d.id !== input.id)) {
        throw new AppError('field_invalid', { field: 'seconds' });
      }
      if (input.id === undefined) {
        if (current.length >= microtrade.SECONDS_BOUNDS.maxDurations)
          throw new AppError('field_invalid', { field: 'seconds' });
        const id = Math.max(0, ...current.map((d) => d.id)) + 1;
        return [...current, { id, ...row }].sort((a, b) => a.seconds - b.seconds);
      }
      if (!current.some((d) => d.id === input.id)) throw new AppError('record_not_found', { field: 'id' });
      return current.map((d) => (d.id === input.id ? { id: d.id, ...row } : d)).sort((a, b) => a.seconds - b.seconds);
    });
    return saved;
  });

  bindEndpoint(app, lever.adminLeverSettings, () => leverSettings.get());

  bindEndpoint(app, lever.adminLeverSave, async (input, h) => {
    const admin = signedIn(h).user;
    return save(admin.id, leverSettings, 'futures.save', () => ({
      multiples: input.multiples,
      fee_rate: toWire(input.fee_rate),
      maintenance_rate: toWire(input.maintenance_rate),
      overnight_rate: toWire(input.overnight_rate),
      min_lots: input.min_lots,
      max_lots: input.max_lots,
    }));
  });

  const makerView = (): MakerSettings => {
    const base = ctx.config.maker;
    const overrides = makerSettings.get();
    const c = base
      ? effectiveMakerConfig(base, overrides)
      : {
          enabled: overrides.enabled ?? false,
          spreadBps: overrides.spread_bps ?? trade.MAKER_BOUNDS.minSpreadBps,
          levels: overrides.levels ?? 1,
          levelValue: Number(overrides.level_value ?? 1),
          maxInventory: Number(overrides.max_inventory ?? 1),
        };
    return {
      available: options.maker !== undefined,
      enabled: c.enabled,
      spread_bps: c.spreadBps,
      levels: c.levels,
      level_value: toWire(String(c.levelValue)),
      max_inventory: toWire(String(c.maxInventory)),
      pairs: ctx.market.instruments().map((inst) => ({
        pair_id: inst.id,
        symbol: inst.symbol,
        paused: makerPaused(inst.id, overrides),
        active: options.maker?.terms(inst).active ?? false,
      })),
    };
  };

  bindEndpoint(app, trade.adminMakerSettings, () => makerView());

  bindEndpoint(app, trade.adminMakerSave, async (input, h) => {
    const admin = signedIn(h).user;
    await save(admin.id, makerSettings, 'maker.save', (current) => ({
      ...current,
      enabled: input.enabled,
      spread_bps: input.spread_bps,
      levels: input.levels,
      level_value: toWire(input.level_value),
      max_inventory: toWire(input.max_inventory),
    }));
    return makerView();
  });

  bindEndpoint(app, trade.adminMakerPair, async (input, h) => {
    const admin = signedIn(h).user;
    if (!ctx.market.instruments().some((i) => i.id === input.pair_id)) {
      throw new AppError('pair_not_found', { field: 'pair_id' });
    }
    await save(admin.id, makerSettings, input.enabled ? 'maker.resume' : 'maker.pause', (current) => {
      const others = current.paused.filter((p) => p !== input.pair_id);
      return { ...current, paused: input.enabled ? others : [...others, input.pair_id].sort((a, b) => a - b) };
    });
    return makerView();
  });
}
