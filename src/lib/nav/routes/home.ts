import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';

export const homeGroup = routeGroup('index', {
  index: msg`Home`,
});
