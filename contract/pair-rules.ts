import { z } from 'zod';
import { decimal as wireDecimal } from './domain/wire';

// Apart from ./trade: each quote carries these rules, and the market screens, which read quotes,
// would otherwise build every order schema of the trading contract when they load.

const decimal = wireDecimal();

/** A pair's trading rules, published with its quote and by `/coin/book`. */
export const pairRulesSchema = z.object({
  /** Smallest price step, e.g. "0.01". */
  tick_size: decimal,
  /** Smallest quantity step in the base currency, e.g. "0.00001". */
  lot_size: decimal,
  /** Least quantity of one order. */
  min_qty: decimal,
  /** Most value of one order in the quote currency. */
  max_notional: decimal,
  /** Trading fee per fill as a fraction of its value ("0" = free, as SPEC.md advertises). */
  fee_rate: decimal,
  /** The currency the quote side settles in: USDT for coins, and for stocks quoted in USD (1:1). */
  settle_id: z.number().int(),
});
export type PairRules = z.infer<typeof pairRulesSchema>;
