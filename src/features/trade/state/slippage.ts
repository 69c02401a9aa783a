import { useAtom } from 'jotai';
import { SLIPPAGE_PRESETS } from '@contract/trade';
import { atomWithStorage } from 'jotai/utils';
import { slippageLimit, type SlippageChoice } from '../model/fill';

/**
 * The slippage limit market orders are sent with, kept on this device: it also applies when the
 * confirmation is turned off, so a market order never goes without one.
 */
export const slippageAtom = atomWithStorage<{ choice: SlippageChoice; custom: string }>('tradeSlippage', {
  choice: '0.5',
  custom: '',
});

/** The chosen limit, the percentage it stands for (null while a custom one is not usable) and its setter. */
export interface SlippageState {
  choice: SlippageChoice;
  custom: string;
  /** The limit in percent; null while a custom one is not a usable percentage. */
  limit: string | null;
  /** What a market order is sent with. */
  sent: string;
  set: (choice: SlippageChoice, custom: string) => void;
}

export function useSlippage(): SlippageState {
  const [slippage, setSlippage] = useAtom(slippageAtom);
  const limit = slippageLimit(slippage.choice, slippage.custom);
  return {
    ...slippage,
    limit,
    // Without a usable limit (a custom one half typed, the confirmation off) the smallest preset applies.
    sent: limit ?? SLIPPAGE_PRESETS[0],
    set: (choice: SlippageChoice, custom: string) => setSlippage({ choice, custom }),
  };
}
