import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@contract/auth';
import styles from './home.module.css';

export interface GreetingProps {
  user: User | null;
  siteName: string;
  onProfile: () => void;
  onLogin: () => void;
  onRegister: () => void;
}

/** Greets the signed-in user by name, or invites a visitor to log in or register. */
export function Greeting({ user, siteName, onProfile, onLogin, onRegister }: GreetingProps) {
  const { t } = useLingui();
  if (user) {
    const name = user.nickname || user.account_number;
    return (
      <button type="button" className={`${styles.card} ${styles.greeting}`} onClick={onProfile}>
        {user.head_portrait ? (
          <img className={styles.avatar} src={user.head_portrait} alt="" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {[...name][0]?.toUpperCase()}
          </span>
        )}
        <span className={styles.who}>
          <span className={styles.hello}>
            <Trans>Hello, {name}</Trans>
          </span>
          <span className={styles.account}>{user.account_number}</span>
        </span>
        <RightOutline className={styles.chevron} aria-label={t`Profile`} />
      </button>
    );
  }
  return (
    <section className={`${styles.card} ${styles.welcome}`}>
      <h2 className={styles.welcomeTitle}>
        {siteName ? <Trans>Welcome to {siteName}</Trans> : <Trans>Welcome</Trans>}
      </h2>
      <p className={styles.welcomeText}>
        <Trans>Log in to trade, earn and manage your assets.</Trans>
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.pillPrimary} onClick={onLogin}>
          <Trans>Log in</Trans>
        </button>
        <button type="button" className={styles.pillOutline} onClick={onRegister}>
          <Trans>Register</Trans>
        </button>
      </div>
    </section>
  );
}
