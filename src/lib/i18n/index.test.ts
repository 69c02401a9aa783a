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

  it('keeps what is already loaded for the language it activates', async () => {
    // The page opened at is preloaded beside the entry: its feature may load its catalog before
    // the shell's activation has finished, and that activation must not drop it.
    i18n.load('th', { 'test.early': 'early' });
    await activateLocale('th');
    expect(i18n.locale).toBe('th');
    expect(i18n.messages['test.early']).toBe('early');
  });
});
