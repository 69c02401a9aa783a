import { describe, expect, it } from 'vitest';
import { getSiteConfig } from '@contract/site';
import { siteConfigEndpoint } from './siteConfig';

describe('home endpoint references', () => {
  it.each([[siteConfigEndpoint, getSiteConfig]])('match their contract entries', (ref, entry) => {
    expect({ method: ref.method, path: ref.path }).toEqual({ method: entry.method, path: entry.path });
  });
});
