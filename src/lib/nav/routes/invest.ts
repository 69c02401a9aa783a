import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { idSearch, oneOf, positiveId, searchValidator } from '../search-kit';

/** States of the dual invest orders page (SPEC.md section 4; the same words as contract/invest.ts). */
export const INVEST_STATES = ['purchased', 'settling', 'completed', 'failed'] as const;
export type InvestState = (typeof INVEST_STATES)[number];

export const invest = routeGroup(
  'invest',
  {
    invest: msg`Dual investment`,
    mine: msg`My investments`,
    purchase: msg`Purchase`,
    help: msg`Instructions`,
  },
  {
    invest: searchValidator<{ currency_id?: number }, { currency_id: number }>((raw) => ({
      currency_id: positiveId(raw.currency_id) ?? 1,
    })),
    purchase: idSearch(),
    mine: searchValidator<{ state?: InvestState }, { state: InvestState }>((raw) => ({
      state: oneOf(INVEST_STATES, raw.state) ?? 'purchased',
    })),
  },
);
