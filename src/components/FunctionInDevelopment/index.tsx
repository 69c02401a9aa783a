import type { ReactNode } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import { Trans } from '@lingui/react/macro';
import { NavBar } from '../NavBar';
import styles from './FunctionInDevelopment.module.css';

export interface FunctionInDevelopmentProps {
  title?: ReactNode;
  /** Tab pages have no back arrow and no back button: the tab bar is the way out. */
  isTab?: boolean;
}

/**
 * The spec's "function in development" screen, shown for every registered route whose page is
 * not built yet, so navigation never dead-ends.
 */
export function FunctionInDevelopment({ title, isTab = false }: FunctionInDevelopmentProps) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const leave = () => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }));
  return (
    <div className={styles.page} data-testid="function-in-development">
      <NavBar title={title} back={!isTab} />
      <div className={styles.body}>
        <div className={styles.badge} aria-hidden="true">
          <ClockCircleOutline />
        </div>
        <p className={styles.message}>
          <Trans>Function in development</Trans>
        </p>
        <p className={styles.hint}>
          <Trans>This feature is on its way. Please check back soon.</Trans>
        </p>
        {!isTab && (
          <Button className={styles.button} shape="rounded" onClick={leave}>
            {canGoBack ? <Trans>Go back</Trans> : <Trans>Back to home</Trans>}
          </Button>
        )}
      </div>
    </div>
  );
}

export default FunctionInDevelopment;
