import { describe, expect, it } from 'vitest';
import { supportUnread } from '@contract/support';
import { unreadEndpoint } from './fab';

describe('floating customer-service button', () => {
  it('reads the unread count from the contract entry it names', () => {
    expect({ method: unreadEndpoint.method, path: unreadEndpoint.path }).toEqual({
      method: supportUnread.method,
      path: supportUnread.path,
    });
  });
});
