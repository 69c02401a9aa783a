import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { idSearch } from '../search-kit';

export const recurring = routeGroup(
  'recurring',
  {
    index: msg`Recurring buys`,
    create: msg`New recurring buy`,
    detail: msg`Recurring buy`,
  },
  {
    detail: idSearch(),
  },
);
