import { describe, expect, it } from 'vitest';
import { AREAS } from '@contract/domain/areas';
import { areaOptions, defaultAreaIso } from './areaOptions';

describe('areaOptions', () => {
  it('lists every contract area with its dialling code', () => {
    const options = areaOptions('en');
    expect(options).toHaveLength(AREAS.length);
    expect(options.find((o) => o.iso === 'HK')).toMatchObject({ code: '852', label: expect.stringContaining('+852') });
  });

  it('names areas in the app language', () => {
    expect(areaOptions('fra').find((o) => o.iso === 'DE')?.label).toBe('Allemagne +49');
  });

  it('starts from the area of the app language', () => {
    expect(defaultAreaIso('jp')).toBe('JP');
    expect(defaultAreaIso('hk')).toBe('HK');
  });
});
