import { atomWithStorage } from 'jotai/utils';

/** The eye toggle: amounts masked on shared screens; remembered like the original app does. */
export const hideAmountsAtom = atomWithStorage('wallet:hideAmounts', false);
export const hideSmallAtom = atomWithStorage('wallet:hideSmall', false);
