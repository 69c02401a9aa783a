import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { ProtectionKey } from '@contract/domain/security-score';
import type { SecurityOverview } from '@contract/security';
import { useStepUp } from '@/components/StepUp';
import { pages, useGo } from '@/lib/nav';
import { userAtom } from '@/lib/state';
import { OfflineAsOf } from '@/components/ListEnd';
import { fetchOverview } from '../api/security';
import { useReadOnly, useSecurityReply } from '../state/cached';
import { AntiPhishingList } from './AntiPhishingList';
import { AuthenticatorList } from './AuthenticatorList';
import { DeviceList } from './DeviceList';
import { PasskeyList } from './PasskeyList';
import { protectionFlags, SecurityScore } from './SecurityScore';
import { WithdrawalGuardList } from './WithdrawalGuardList';
import { WithdrawFreeze } from './WithdrawFreeze';
import styles from './security.module.css';

const PASSKEYS = 'security-passkeys';
const TOTP = 'security-totp';
const WHITELIST = 'security-whitelist';
const ANTI_PHISHING = 'security-anti-phishing';
/** Where each protection of the score is switched on: a section of this page, or its own page. */
const SECTION: Record<ProtectionKey, string | null> = {
  passkey: PASSKEYS,
  totp: TOTP,
  whitelist: WHITELIST,
  pay_password: null,
  anti_phishing: ANTI_PHISHING,
};

/**
 * The protections of the account on the security page: the score, passkeys, the authenticator
 * app, the withdrawal whitelist with the pause that follows a credential change, a freeze set by
 * a "this wasn't me" link, the anti-phishing code and the signed-in devices. One overview feeds
 * them all; every change reloads it, so a state shown is the server's. The anti-phishing code
 * reads its own endpoint. Each reply is kept on the device for the signed-in user: offline the
 * page shows the saved copies with their time, read-only.
 */
export function SecurityCentre() {
  const { t } = useLingui();
  const go = useGo();
  const user = useAtomValue(userAtom);
  const overview = useSecurityReply<SecurityOverview>('overview', fetchOverview);
  const state = overview.value ?? null;
  const reload = overview.refresh;
  const readOnly = useReadOnly();
  const stepUp = useStepUp();
  const props = { state, reload, confirm: stepUp.confirm, readOnly };
  const open = (key: ProtectionKey) => {
    const section = SECTION[key];
    if (section) document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else go(pages.setting.payPassword);
  };

  return (
    <div className={styles.page} aria-label={t`Protections`}>
      {readOnly && (
        <div className={styles.readOnly} role="status" data-testid="security-read-only">
          <Trans>You are offline: changes need a connection.</Trans>
          <OfflineAsOf savedAt={overview.savedAt} show />
        </div>
      )}
      <WithdrawFreeze {...props} onNavigate={go} />
      {state && <SecurityScore flags={protectionFlags(state, user?.has_pay_password ?? false)} open={open} />}
      <div id={PASSKEYS}>
        <PasskeyList {...props} />
      </div>
      <div id={TOTP}>
        <AuthenticatorList {...props} />
      </div>
      <div id={WHITELIST}>
        <WithdrawalGuardList {...props} />
      </div>
      <div id={ANTI_PHISHING}>
        <AntiPhishingList confirm={stepUp.confirm} onChange={reload} readOnly={readOnly} />
      </div>
      <DeviceList readOnly={readOnly} />
      {stepUp.sheet}
    </div>
  );
}
