import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { SecurityOverview } from '@contract/security';
import { useStepUp } from '@/components/StepUp';
import { apiErrorsShown } from '@/lib/submit';
import { fetchOverview } from '../api/security';
import { AntiPhishingList } from './AntiPhishingList';
import { AuthenticatorList } from './AuthenticatorList';
import { PasskeyList } from './PasskeyList';
import { WithdrawalGuardList } from './WithdrawalGuardList';
import styles from './security.module.css';

/**
 * The protections of the account on the security page: passkeys, the authenticator app, and the
 * withdrawal whitelist with the pause that follows a credential change. One overview feeds them
 * all; every change reloads it, so a state shown is the server's. The anti-phishing code reads its
 * own endpoint.
 */
export function SecurityCentre() {
  const { t } = useLingui();
  const [state, setState] = useState<SecurityOverview | null>(null);
  const stepUp = useStepUp();
  const reload = useCallback(() => fetchOverview().then(setState, apiErrorsShown('security')), []);
  useEffect(() => void reload(), [reload]);

  return (
    <div className={styles.page} aria-label={t`Protections`}>
      <PasskeyList state={state} reload={reload} confirm={stepUp.confirm} />
      <AuthenticatorList state={state} reload={reload} confirm={stepUp.confirm} />
      <WithdrawalGuardList state={state} reload={reload} confirm={stepUp.confirm} />
      <AntiPhishingList confirm={stepUp.confirm} />
      {stepUp.sheet}
    </div>
  );
}
