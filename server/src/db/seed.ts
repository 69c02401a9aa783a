import { settings } from './schema/settings';
import type { Db } from './client';

/**
 * Settings every installation starts with. Existing rows are kept, so an operator's edits
 * survive restarts; only missing keys are added.
 */
export const SEED_SETTINGS: ReadonlyArray<{ key: string; value: string; public: boolean }> = [
  { key: 'site_name', value: 'H5 Exchange', public: true },
  { key: 'site_logo', value: '/h5/icons/icon-192.png', public: true },
  { key: 'agent_name', value: 'H5 Exchange', public: true },
  { key: 'support_url', value: '', public: true },
  {
    key: 'register_agreement',
    value:
      'By registering you confirm that you are of legal age, that the information you provide is ' +
      'true, and that trading crypto assets carries a risk of loss.',
    public: true,
  },
  {
    key: 'privacy_policy',
    value:
      'We store your email or mobile number, a hash of your password and your activity to operate ' +
      'your account. We never sell personal data.',
    public: true,
  },
  {
    key: 'withdraw_notice',
    value: 'Withdrawals are reviewed for security; bank transfers by SWIFT take 5-7 business days.',
    public: true,
  },
  { key: 'recharge_notice', value: 'Send only the selected currency on the selected network.', public: true },
];

export async function seed(db: Db): Promise<void> {
  await db
    .insert(settings)
    .values([...SEED_SETTINGS])
    .onConflictDoNothing();
}
