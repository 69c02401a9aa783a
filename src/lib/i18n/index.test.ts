import { describe, expect, it } from 'vitest';
import { activateLocale, activeBcp47, i18n } from './index';

const noon = Date.UTC(2026, 10, 28, 12, 0);

describe('activateLocale', () => {
  it("gives Lingui's own date and number formatting the locale's BCP 47 tag", async () => {
    await activateLocale('hk');
    expect(activeBcp47()).toBe('zh-HK');
    const hk = i18n.date(new Date(noon), { dateStyle: 'medium', timeZone: 'UTC' });
    expect(hk).toBe(new Intl.DateTimeFormat('zh-HK', { dateStyle: 'medium', timeZone: 'UTC' }).format(noon));
    expect(hk).toContain('年');

    await activateLocale('fra');
    expect(i18n.number(1234.5)).toBe(new Intl.NumberFormat('fr').format(1234.5));
    expect(i18n.date(new Date(noon), { dateStyle: 'medium', timeZone: 'UTC' })).toContain('nov.');
  });
});
