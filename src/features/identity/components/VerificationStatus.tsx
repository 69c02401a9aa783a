import { Button, DotLoading, Result } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRealState } from '../hooks/useRealState';
import { LevelBadge } from './LevelBadge';
import styles from './identity.module.css';

const RESULT = { none: 'info', review: 'waiting', certified: 'success', failed: 'error' } as const;

/** The overall verification state, as the real-name mark page shows it. */
export function VerificationStatus({ onOpen }: { onOpen: () => void }) {
  const { t } = useLingui();
  const { value } = useRealState();
  if (!value) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  const title = {
    none: t`Not certified`,
    review: t`Under review`,
    certified: t`Certified`,
    failed: t`Failed`,
  }[value.real_state];
  const reason = value.level2.reason || value.level1.reason;
  return (
    <div className={styles.page}>
      <Result
        status={RESULT[value.real_state]}
        title={title}
        description={value.real_state === 'failed' ? reason : t`Level ${value.level}`}
      />
      <dl className={styles.summary}>
        <dt>
          <Trans>Level 1: basic</Trans>
        </dt>
        <dd>
          <LevelBadge state={value.level1.state} />
        </dd>
        <dt>
          <Trans>Level 2: advanced</Trans>
        </dt>
        <dd>
          <LevelBadge state={value.level2.state} />
        </dd>
        <dt>
          <Trans>Withdrawal limit</Trans>
        </dt>
        <dd>{t`${value.withdraw_limit_btc} BTC per 24 hours`}</dd>
      </dl>
      <Button className={styles.submit} block color="primary" onClick={onOpen}>
        <Trans>Identity verification</Trans>
      </Button>
    </div>
  );
}
