import { describe, expect, it } from 'vitest';
import { AREAS, DEFAULT_AREA_ISO, findAreaById, findAreaByIso, isKnownAreaCode } from './areas';

describe('areas', () => {
  it('lists about 200 areas with unique ISO codes and stable 1-based ids', () => {
    expect(AREAS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(AREAS.map((a) => a.iso)).size).toBe(AREAS.length);
    AREAS.forEach((a, i) => {
      expect(a.id).toBe(i + 1);
      expect(a.iso).toMatch(/^[A-Z]{2}$/);
      expect(a.code).toMatch(/^[1-9]\d{0,3}$/);
    });
  });

  it('can be named by Intl.DisplayNames', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const a of AREAS) expect(names.of(a.iso)).not.toBe(a.iso);
  });

  it('finds areas by id and ISO code and knows dialling codes', () => {
    expect(findAreaByIso(DEFAULT_AREA_ISO)?.code).toBe('852');
    expect(findAreaByIso('cn')?.code).toBe('86');
    const us = findAreaByIso('US');
    expect(us && findAreaById(us.id)).toEqual(us);
    expect(isKnownAreaCode('+86')).toBe(true);
    expect(isKnownAreaCode('1')).toBe(true);
    expect(isKnownAreaCode('999')).toBe(false);
  });
});
