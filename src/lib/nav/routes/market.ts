import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';

export const market = routeGroup('market', {
  market: msg`Market`,
  search: msg`Search`,
});
