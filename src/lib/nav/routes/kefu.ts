import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { defined, oneOf, searchValidator } from '../search-kit';

/** Views of the customer-service page: the public chat room (SPEC.md names no route of its own). */
export const KEFU_VIEWS = ['chat'] as const;
export type KefuView = (typeof KEFU_VIEWS)[number];

export const kefu = routeGroup(
  'kefu',
  {
    index: msg`Customer service`,
  },
  {
    index: searchValidator<{ view?: KefuView }, { view?: KefuView }>((raw) =>
      defined({ view: oneOf(KEFU_VIEWS, raw.view) }),
    ),
  },
);
