import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { ProtectionKey } from '@contract/domain/security-score';
import type { SecurityOverview } from '@contract/security';
import { useStepUp } from '@/components/StepUp';
import { pages, useGo } from '@/lib/nav';
import { userAtom } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import { fetchOverview } from '../api/security';
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
 * reads its own endpoint.
 */
export function SecurityCentre() {
  const { t } = useLingui();
  const go = useGo();
  const user = useAtomValue(userAtom);
  const [state, setState] = useState<SecurityOverview | null>(null);
  const stepUp = useStepUp();
  const reload = useCallback(() => fetchOverview().then(setState, apiErrorsShown('security')), []);
  useEffect(() => void reload(), [reload]);
  const open = (key: ProtectionKey) => {
    const section = SECTION[key];
    if (section) document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    else go(pages.setting.payPassword);
  };

  return (
    <div className={styles.page} aria-label={t`Protections`}>
      <WithdrawFreeze state={state} reload={reload} confirm={stepUp.confirm} onNavigate={go} />
      {state && <SecurityScore flags={protectionFlags(state, user?.has_pay_password ?? false)} open={open} />}
      <div id={PASSKEYS}>
        <PasskeyList state={state} reload={reload} confirm={stepUp.confirm} />
      </div>
      <div id={TOTP}>
        <AuthenticatorList state={state} reload={reload} confirm={stepUp.confirm} />
      </div>
      <div id={WHITELIST}>
        <WithdrawalGuardList state={state} reload={reload} confirm={stepUp.confirm} />
      </div>
      <div id={ANTI_PHISHING}>
        <AntiPhishingList confirm={stepUp.confirm} onChange={reload} />
      </div>
      <DeviceList />
      {stepUp.sheet}
    </div>
  );
}
