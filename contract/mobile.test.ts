import { describe, expect, it } from 'vitest';
import { sendSms } from './auth';
import { bindMobile, mobileToBind } from './identity';

const issue = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? null : { field: r.error?.issues[0]?.path[0], message: r.error?.issues[0]?.message };

describe('binding a +86 mobile', () => {
  it('takes only a mainland number (11 digits, 1 then 3-9) on every step', () => {
    const wrong = { area_code: '86', mobile: '61234567', code: '123456' };
    const bad = { field: 'mobile', message: 'mobile_invalid' };
    expect(issue(sendSms.request.safeParse(wrong))).toEqual(bad);
    expect(issue(mobileToBind.safeParse(wrong))).toEqual(bad);
    expect(issue(bindMobile.request.safeParse(wrong))).toEqual(bad);
    expect(bindMobile.request.safeParse({ ...wrong, mobile: '138 0013 8000' }).data).toEqual({
      area_code: '86',
      mobile: '13800138000',
      code: '123456',
    });
    expect(mobileToBind.safeParse({ ...wrong, area_code: '+852' }).success).toBe(true);
  });
});
