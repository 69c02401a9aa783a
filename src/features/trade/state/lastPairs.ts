import { atomWithStorage } from 'jotai/utils';
import type { PairSection } from '../model/pairs';

/** The pair last traded in each section of the trade tab, so coming back shows it again. */
export const lastPairsAtom = atomWithStorage<Record<PairSection, string>>('tradePairs', {
  favorites: '',
  coin: 'BTC/USDT',
  stock: 'AAPL/USD',
});
