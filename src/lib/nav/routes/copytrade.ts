import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { oneOf, searchValidator } from '../search-kit';

/** Tabs of my copy trading: active follows, past follows, open copies, copy history. */
export const COPY_TABS = ['following', 'follows_history', 'copies', 'copies_history'] as const;
export type CopyTab = (typeof COPY_TABS)[number];

export const copytrade = routeGroup(
  'copytrade',
  {
    copy: msg`Copy trading`,
    my: msg`My copy trading`,
    trader: msg`Trader`,
  },
  {
    my: searchValidator<{ tab?: CopyTab }, { tab: CopyTab }>((raw) => ({
      tab: oneOf(COPY_TABS, raw.tab) ?? 'following',
    })),
  },
);
