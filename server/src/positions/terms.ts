import { leverSettingsSchema, type LeverSettings } from '@contract/futures';
import { CATALOG, type Instrument } from '../market/catalog';
import { liveSetting } from '../settings/live';

/**
 * The published futures terms of every pair with `open_lever` (`/lever/deal` answers them), the
 * same for everyone. Lot size and the house's cap are constants per pair; leverage choices, fee,
 * maintenance and overnight rates and the lot limits are the back office's (`leverSettings`,
 * within `LEVER_BOUNDS`), these constants until it saves its own. A position keeps the rates it
 * opened with.
 */
export interface FuturesTerms {
  /** Base quantity of one lot. */
  lotSize: string;
  multiples: readonly number[];
  /** Handling fee on notional, at open and at close. */
  feeRate: string;
  /** Maintenance margin on notional. */
  maintenanceRate: string;
  /** Overnight fee on the entry notional per 00:00 UTC held. */
  overnightRate: string;
  minLots: number;
  maxLots: number;
  /** Most open value (entry notional of open and pending positions, USDT) the house takes per side. */
  houseCap: string;
}

export const MULTIPLES = [5, 10, 20, 50, 100] as const;
export const FEE_RATE = '0.0005';
export const MAINTENANCE_RATE = '0.005';
export const OVERNIGHT_RATE = '0.0003';
export const MIN_LOTS = 1;
export const MAX_LOTS = 10_000;

/** Lot size and house cap per side by pair: about 100 USDT a lot at catalogue prices. */
const PAIRS: Record<string, [lotSize: string, houseCap: string]> = {
  'BTC/USDT': ['0.001', '5000000'],
  'ETH/USDT': ['0.03', '5000000'],
  'BNB/USDT': ['0.2', '1000000'],
  'SOL/USDT': ['0.5', '1000000'],
  'XRP/USDT': ['50', '1000000'],
  'DOGE/USDT': ['300', '1000000'],
  'ADA/USDT': ['100', '1000000'],
  'TRX/USDT': ['400', '1000000'],
  'LTC/USDT': ['1', '1000000'],
  'DOT/USDT': ['10', '1000000'],
  'LINK/USDT': ['5', '1000000'],
  'AVAX/USDT': ['3', '1000000'],
  'BCH/USDT': ['0.2', '1000000'],
};

const DEFAULT: [string, string] = ['1', '1000000'];

/** Leverage choices, rates and lot limits in force for every pair. */
export const leverSettings = liveSetting<LeverSettings>('product.futures', leverSettingsSchema, {
  multiples: [...MULTIPLES],
  fee_rate: FEE_RATE,
  maintenance_rate: MAINTENANCE_RATE,
  overnight_rate: OVERNIGHT_RATE,
  min_lots: MIN_LOTS,
  max_lots: MAX_LOTS,
});

const pairTerms = new Map<number, [lotSize: string, houseCap: string]>(
  CATALOG.instruments.filter((i) => i.openLever).map((i) => [i.id, PAIRS[i.symbol] ?? DEFAULT]),
);

let cached: { settings: LeverSettings; terms: Map<number, FuturesTerms> } | undefined;

/** The pairs' terms, rebuilt only when the settings changed. */
function currentTerms(): Map<number, FuturesTerms> {
  const s = leverSettings.get();
  if (cached?.settings === s) return cached.terms;
  const terms = new Map<number, FuturesTerms>();
  for (const [id, [lotSize, houseCap]] of pairTerms) {
    terms.set(id, {
      lotSize,
      multiples: s.multiples,
      feeRate: s.fee_rate,
      maintenanceRate: s.maintenance_rate,
      overnightRate: s.overnight_rate,
      minLots: s.min_lots,
      maxLots: s.max_lots,
      houseCap,
    });
  }
  cached = { settings: s, terms };
  return terms;
}

/** The terms of a futures pair; undefined when the pair has no futures. */
export const termsOf = (inst: Instrument): FuturesTerms | undefined => currentTerms().get(inst.id);

/** Every futures pair. */
export const futuresPairs = (): Instrument[] => CATALOG.instruments.filter((i) => pairTerms.has(i.id));
