import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { idSearch } from '../search-kit';

export const ieo = routeGroup(
  'ieo',
  {
    ieo: msg`IEO`,
    subscribe: msg`Subscribe`,
    order: msg`My subscriptions`,
  },
  {
    subscribe: idSearch(),
  },
);
