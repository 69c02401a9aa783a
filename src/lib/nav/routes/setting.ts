import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { defined, oneOf, searchValidator } from '../search-kit';

/**
 * Views of the settings page: the notification centre and the notification settings (SPEC.md
 * lists "system notifications" and "notifications" among settings but names no route for them).
 */
export const SETTING_VIEWS = ['notifications', 'notification_settings'] as const;
export type SettingView = (typeof SETTING_VIEWS)[number];

/** Views of the share page: the invitation (code, link, QR, poster), rebate records, the team. */
export const SHARE_VIEWS = ['invite', 'rebate', 'team'] as const;
export type ShareView = (typeof SHARE_VIEWS)[number];

export const setting = routeGroup(
  'setting',
  {
    setting: msg`Settings`,
    userInfo: msg`Profile`,
    security: msg`Security`,
    password: msg`Login password`,
    payPassword: msg`Payment password`,
    coupon: msg`Coupon centre`,
    wallet: msg`Wallet addresses`,
    bill: msg`Bills`,
    real: msg`Identity verification`,
    real_mark: msg`Verification status`,
    addWallet: msg`Add wallet address`,
    operational_compliance: msg`Operational compliance`,
    share: msg`Share`,
    areas: msg`Country or area`,
    bank: msg`Bank card`,
    bank_international: msg`International bank card`,
    addEmail: msg`Bind email`,
    alerts: msg`Price alerts`,
  },
  {
    setting: searchValidator<{ view?: SettingView }, { view?: SettingView }>((raw) =>
      defined({ view: oneOf(SETTING_VIEWS, raw.view) }),
    ),
    share: searchValidator<{ view?: ShareView }, { view: ShareView }>((raw) => ({
      view: oneOf(SHARE_VIEWS, raw.view) ?? 'invite',
    })),
  },
);
