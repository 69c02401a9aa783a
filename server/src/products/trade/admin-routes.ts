import type { FastifyInstance } from 'fastify';
import * as trade from '@contract/trade';
import type { MakerSettings } from '@contract/trade';
import { saveAudited } from '../../admin/live-terms';
import { AppError } from '../../errors';
import { toWire } from '../../ledger/index';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import type { MakerTermsSource } from '../../trading/maker/terms';
import { effectiveMakerConfig, makerPaused, makerSettings } from '../../trading/maker/terms';

/** The console's market maker settings; `maker` is the running maker, when this server has one. */
export function makerAdminRoutes(app: FastifyInstance, maker: MakerTermsSource | undefined): void {
  const { ctx } = app;
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
      available: maker !== undefined,
      enabled: c.enabled,
      spread_bps: c.spreadBps,
      levels: c.levels,
      level_value: toWire(String(c.levelValue)),
      max_inventory: toWire(String(c.maxInventory)),
      pairs: ctx.market.instruments().map((inst) => ({
        pair_id: inst.id,
        symbol: inst.symbol,
        paused: makerPaused(inst.id, overrides),
        active: maker?.terms(inst).active ?? false,
      })),
    };
  };

  bindEndpoint(app, trade.adminMakerSettings, () => makerView());

  bindEndpoint(app, trade.adminMakerSave, async (input, h) => {
    const admin = signedIn(h).user;
    await saveAudited(h.ctx, admin.id, makerSettings, 'maker.save', (current) => ({
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
    await saveAudited(h.ctx, admin.id, makerSettings, input.enabled ? 'maker.resume' : 'maker.pause', (current) => {
      const others = current.paused.filter((p) => p !== input.pair_id);
      return { ...current, paused: input.enabled ? others : [...others, input.pair_id].sort((a, b) => a - b) };
    });
    return makerView();
  });
}
