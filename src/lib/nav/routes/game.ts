import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';

export const game = routeGroup('game', {
  game: msg`Mini game`,
});
