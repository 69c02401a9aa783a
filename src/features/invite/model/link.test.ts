import { describe, expect, it } from 'vitest';
import { searchSchemas, pages } from '@/lib/nav';
import { inviteLink } from './link';

describe('inviteLink', () => {
  it('opens register with the code, whatever the current page', () => {
    expect(inviteLink('AB12CD34', 'https://ex.com/h5/')).toBe(
      'https://ex.com/h5/#/pages/common/register?extension_code=AB12CD34',
    );
    expect(inviteLink('AB12CD34', 'https://ex.com/h5')).toBe(
      'https://ex.com/h5/#/pages/common/register?extension_code=AB12CD34',
    );
  });

  it('carries a code the register route accepts', () => {
    const query = new URL(inviteLink('AB12CD34', 'https://ex.com/h5/').split('#')[1]!, 'https://x').searchParams;
    expect(searchSchemas[pages.common.register].parse(Object.fromEntries(query))).toEqual({
      extension_code: 'AB12CD34',
    });
  });
});
