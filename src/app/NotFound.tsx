import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import { NavBar } from '@/components/NavBar';
import styles from './NotFound.module.css';

/** Any path outside the registry: says so and offers the way home. */
export function NotFound() {
  const { t } = useLingui();
  return (
    <div data-testid="not-found">
      <NavBar title={t`Page not found`} />
      <div className={styles.body}>
        <QuestionCircleOutline className={styles.icon} aria-hidden="true" />
        <p className={styles.title}>
          <Trans>This page does not exist.</Trans>
        </p>
        <Link to="/" className={styles.home}>
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </div>
  );
}
