import { describe, expect, it } from 'vitest';
import { userInfo } from '@contract/auth';
import { getSiteConfig } from '@contract/site';
import { siteConfigEndpoint } from './siteConfig';
import { userInfoEndpoint } from './userInfo';

describe('home endpoint references', () => {
  it.each([
    [siteConfigEndpoint, getSiteConfig],
    [userInfoEndpoint, userInfo],
  ])('match their contract entries', (ref, entry) => {
    expect({ method: ref.method, path: ref.path }).toEqual({ method: entry.method, path: entry.path });
  });
});
