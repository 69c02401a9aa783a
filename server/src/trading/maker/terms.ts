import type { MakerTerms } from '@contract/trade';
import type { MakerConfig } from '../../config';
import type { Instrument } from '../../market/catalog';

/** Where `/coin/book` reads the maker's published terms of a pair. */
export interface MakerTermsSource {
  terms(inst: Instrument): MakerTerms;
}

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
