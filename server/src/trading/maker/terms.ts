import { z } from 'zod';
import type { MakerTerms } from '@contract/trade';
import type { MakerConfig } from '../../config';
import type { Instrument } from '../../market/catalog';
import { liveSetting } from '../../settings/live';

/** Where `/coin/book` reads the maker's published terms of a pair. */
export interface MakerTermsSource {
  terms(inst: Instrument): MakerTerms;
}

/**
 * The back office's maker settings over the environment's (`MAKER_*`): each field absent keeps
 * the configured value; `paused` lists pairs the maker does not quote.
 */
export const makerOverridesSchema = z.object({
  enabled: z.boolean().optional(),
  spread_bps: z.number().int().optional(),
  levels: z.number().int().optional(),
  level_value: z.string().optional(),
  max_inventory: z.string().optional(),
  paused: z.array(z.number().int()).default([]),
});
export type MakerOverrides = z.infer<typeof makerOverridesSchema>;

export const makerSettings = liveSetting<MakerOverrides>('product.maker', makerOverridesSchema, { paused: [] });

/** The maker's configuration in force: the environment's with the back office's settings over it. */
export function effectiveMakerConfig(config: MakerConfig, o: MakerOverrides = makerSettings.get()): MakerConfig {
  return {
    enabled: o.enabled ?? config.enabled,
    spreadBps: o.spread_bps ?? config.spreadBps,
    levels: o.levels ?? config.levels,
    levelValue: o.level_value !== undefined ? Number(o.level_value) : config.levelValue,
    maxInventory: o.max_inventory !== undefined ? Number(o.max_inventory) : config.maxInventory,
  };
}

/** Whether the back office paused the maker on a pair. */
export const makerPaused = (pairId: number, o: MakerOverrides = makerSettings.get()): boolean =>
  o.paused.includes(pairId);

/** The configured terms as published, with whether the maker quotes the pair right now. */
export function publishedTerms(config: MakerConfig, active: boolean): MakerTerms {
  return {
    active,
    spread_bps: config.spreadBps,
    levels: config.levels,
    level_value: String(config.levelValue),
    max_inventory: String(config.maxInventory),
  };
}
