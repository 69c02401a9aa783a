import { Button, DotLoading, ErrorBlock, NoticeBar } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { pages, type GoTo } from '@/lib/nav';
import { refreshUser } from '../api/identity';
import { useRealState } from '../hooks/useRealState';
import { canSubmit } from '../model/states';
import { LevelBadge } from './LevelBadge';
import { LevelOneForm } from './LevelOneForm';
import { LevelTwoForm } from './LevelTwoForm';
import styles from './identity.module.css';
import { apiErrorsShown } from '@/lib/submit';

/** Identity verification: both levels with their state, and the form of the level that is open. */
export function IdentityView({ onNavigate }: { onNavigate: (to: GoTo) => void }) {
  const { t } = useLingui();
  const { value, failed, reload } = useRealState();
  if (!value) {
    return failed ? (
      <ErrorBlock
        status="disconnected"
        title={t`Could not load your verification`}
        description={t`Check your connection and try again.`}
      >
        <Button onClick={() => void reload()}>
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    ) : (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  const submitted = async () => {
    await reload();
    await refreshUser().catch(apiErrorsShown('identity'));
  };
  const l1 = value.level1.state;
  const l2 = value.level2.state;
  const limit = value.withdraw_limit_btc;
  return (
    <div className={styles.page}>
      {(!value.email_bound || !value.mobile_bound) && (
        <NoticeBar
          className={styles.notice}
          color="alert"
          wrap
          content={t`Bind an email address and a mobile number: verification can only pass with both.`}
          extra={
            <span className={styles.noticeActions}>
              {!value.email_bound && (
                <Button size="mini" color="primary" fill="none" onClick={() => onNavigate(pages.setting.addEmail)}>
                  <Trans>Bind email</Trans>
                </Button>
              )}
              {!value.mobile_bound && (
                <Button size="mini" color="primary" fill="none" onClick={() => onNavigate(pages.setting.security)}>
                  <Trans>Bind mobile number</Trans>
                </Button>
              )}
            </span>
          }
        />
      )}
      <section className={styles.card}>
        <div className={styles.head}>
          <h2 className={styles.title}>
            <Trans>Level 1: basic</Trans>
          </h2>
          <LevelBadge state={l1} />
        </div>
        <p className={styles.hint}>
          <Trans>Withdraw up to 200 BTC per 24 hours.</Trans>
        </p>
        {l1 === 'failed' && value.level1.reason && <p className={styles.error}>{value.level1.reason}</p>}
        {l1 === 'review' && (
          <p className={styles.hint}>
            <Trans>Your documents are being reviewed.</Trans>
          </p>
        )}
        {canSubmit(1, l1, l2) && <LevelOneForm onSubmitted={() => void submitted()} />}
      </section>
      <section className={styles.card}>
        <div className={styles.head}>
          <h2 className={styles.title}>
            <Trans>Level 2: advanced</Trans>
          </h2>
          <LevelBadge state={l2} />
        </div>
        <p className={styles.hint}>
          <Trans>Withdraw up to 500 BTC per 24 hours.</Trans>
        </p>
        {l2 === 'failed' && value.level2.reason && <p className={styles.error}>{value.level2.reason}</p>}
        {l1 !== 'certified' && (
          <p className={styles.hint}>
            <Trans>Available after level 1 is certified.</Trans>
          </p>
        )}
        {canSubmit(2, l1, l2) && <LevelTwoForm onSubmitted={() => void submitted()} />}
      </section>
      <p className={styles.hint}>
        <Trans>Your current limit: {limit} BTC per 24 hours.</Trans>
      </p>
    </div>
  );
}
