import type { CSSProperties, ReactNode } from 'react';
import { List } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { securityScore, type ProtectionFlag, type ProtectionKey } from '@contract/domain/security-score';
import type { SecurityOverview } from '@contract/security';
import styles from './devices.module.css';

/** The protections as the overview and the account say; one line for each. */
export function protectionFlags(state: SecurityOverview, hasPayPassword: boolean): ProtectionFlag[] {
  return [
    { key: 'passkey', on: state.passkeys.length > 0 },
    { key: 'totp', on: state.totp.enabled },
    { key: 'whitelist', on: state.withdrawals.whitelist === 'on' },
    { key: 'pay_password', on: hasPayPassword },
    { key: 'anti_phishing', on: state.anti_phishing },
  ];
}

/**
 * The security score (`contract/domain/security-score.ts`) with what to add next, each a link to
 * where it is switched on (`open`).
 */
export function SecurityScore({ flags, open }: { flags: ProtectionFlag[]; open: (protection: ProtectionKey) => void }) {
  const { t } = useLingui();
  const { score, next } = securityScore(flags);
  const colour = score >= 80 ? 'var(--app-up)' : score >= 40 ? 'var(--app-selected)' : 'var(--app-down)';
  const label: Record<ProtectionKey, ReactNode> = {
    passkey: <Trans>Add a passkey</Trans>,
    totp: <Trans>Turn on the authenticator app</Trans>,
    whitelist: <Trans>Turn on the withdrawal whitelist</Trans>,
    pay_password: <Trans>Set a payment password</Trans>,
    anti_phishing: <Trans>Set an anti-phishing code</Trans>,
  };
  return (
    <section aria-label={t`Security score`} data-testid="security-score">
      <div className={styles.score}>
        <div
          className={styles.dial}
          style={{ '--score': score, '--score-colour': colour } as CSSProperties}
          role="meter"
          aria-valuenow={score}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t`Security score`}
        >
          <span className={styles.dialInner} data-testid="security-score-value">
            {score}
          </span>
        </div>
        <div className={styles.scoreText}>
          <p className={styles.scoreTitle}>
            <Trans>Security score</Trans>
          </p>
          {next.length === 0 ? (
            <Trans>Every protection is on.</Trans>
          ) : (
            <Trans>Each protection you add makes your account harder to take over.</Trans>
          )}
        </div>
      </div>
      {next.length > 0 && (
        <List header={t`Add next`} className={styles.list}>
          {next.map((key) => (
            <List.Item key={key} data-testid={`score-next-${key}`} onClick={() => open(key)}>
              {label[key]}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
