import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';

export const financial = routeGroup('financial', {
  index: msg`Finance`,
});
