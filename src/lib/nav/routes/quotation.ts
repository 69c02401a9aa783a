import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { symbolSearch } from '../search-kit';

export const quotation = routeGroup(
  'quotation',
  {
    index: msg`Quotes`,
  },
  {
    index: symbolSearch(),
  },
);
