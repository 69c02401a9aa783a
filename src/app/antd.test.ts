import { getDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { describe, expect, it } from 'vitest';
import { applyAntdLocale } from './antd';

describe('antd-mobile texts', () => {
  it("become antd-mobile's default configuration for the chosen language", async () => {
    await applyAntdLocale('en');
    expect(getDefaultConfig().locale.locale).toBe('en');
    expect(getDefaultConfig().locale.common.confirm).toBe('Confirm');
    await applyAntdLocale('hk');
    expect(getDefaultConfig().locale.locale).toBe('zh-HK');
  });

  it('end in the language chosen last when an earlier choice loads later', async () => {
    await applyAntdLocale('jp');
    const earlier = applyAntdLocale('fra');
    const later = applyAntdLocale('kor');
    await Promise.all([later, earlier]);
    expect(getDefaultConfig().locale.locale).toBe('ko-KR');
  });
});
