import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { defined, epochMs, idSearch, matching, oneOf, searchValidator, SYMBOL } from '../search-kit';

/**
 * A settled thing's record reference: `seconds:42`, `futures:7`, `spot_trade:9`, or a record of
 * many named by two numbers (`lock_day:<day>:<first order>`, `futures_copies:<trader>:<copy>`).
 */
const SETTLEMENT_REF = /^[a-z_]{1,20}:\d{1,19}(?::\d{1,19})?$/;

/** Views of the settlement record page: the records, the feed ticks settlements used. */
export const RECORD_TABS = ['records', 'ticks'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];
/** Search of `proof/record`: one settlement (`ref`), or the ticks of a pair at a feed time. */
export interface RecordSearch {
  ref?: string;
  tab?: RecordTab;
  pair?: string;
  at?: number;
}

export const proof = routeGroup(
  'proof',
  {
    proof: msg`Proof of liabilities`,
    verify: msg`Verify a proof`,
    record: msg`Settlement record`,
  },
  {
    record: searchValidator<RecordSearch, RecordSearch>((raw) =>
      defined({
        ref: matching(SETTLEMENT_REF, raw.ref),
        tab: oneOf(RECORD_TABS, raw.tab),
        pair: matching(SYMBOL, raw.pair),
        at: epochMs(raw.at),
      }),
    ),
    verify: idSearch(),
  },
);
