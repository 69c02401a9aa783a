import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { idSearch } from '../search-kit';

export const follow = routeGroup(
  'follow',
  {
    index: msg`Copy trading`,
    trader: msg`Trader`,
    follow: msg`Follow`,
    agreement_zh: msg`Copy trading agreement`,
    agreement_en: msg`Copy trading agreement`,
  },
  {
    trader: idSearch(),
    follow: idSearch(),
  },
);
