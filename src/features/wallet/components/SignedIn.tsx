import type { ReactNode } from 'react';
import { Button, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { isLoggedInAtom } from '@/lib/state';
import styles from './wallet.module.css';

/** Wallet screens are personal: signed-out visitors get a way to log in instead of a blank page. */
export function SignedIn({ children, onLogin }: { children: ReactNode; onLogin: () => void }) {
  const { t } = useLingui();
  const loggedIn = useAtomValue(isLoggedInAtom);
  if (loggedIn) return <>{children}</>;
  return (
    <div className={styles.page}>
      <ErrorBlock status="empty" title={t`Please log in first`} description={t`Log in to see your assets and records.`}>
        <Button color="primary" onClick={onLogin}>
          <Trans>Log in</Trans>
        </Button>
      </ErrorBlock>
    </div>
  );
}
