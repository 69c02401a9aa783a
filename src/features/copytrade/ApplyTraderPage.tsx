import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, TextArea } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { followApply } from '@contract/copytrade';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import fields from '@/components/OrderFields/OrderFields.module.css';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo, useGoLogin } from '@/lib/nav';
import { isLoggedInAtom, userAtom } from '@/lib/state';
import { useValidator } from '@/lib/validation';
import { APPLICATION_STATE_LABELS } from './model/labels';
import { useApplyTrader } from './state/actions';
import { useApplication } from './state/application';
import { Refresh } from '@/components/Refresh';
import { OfflineAsOf } from '@/components/ListEnd';
import styles from './components/copytrade.module.css';

/** `copytrade/trader`: apply to become a trader, and the application's state. */
export function ApplyTraderPage() {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  return (
    <div className={styles.page}>
      <NavBar title={t`Become a trader`} />
      {signedIn ? (
        <Application />
      ) : (
        <ErrorBlock status="empty" title={t`Log in to apply.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Application() {
  const { t, i18n } = useLingui();
  const go = useGo();
  const online = useOnline();
  const validate = useValidator();
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const { application, savedAt, failed, refresh } = useApplication();
  const [intro, setIntro] = useState('');
  const [error, setError] = useState('');
  const apply = useApplyTrader(() => void refresh());
  const canApply = application === null || application?.state === 'rejected';
  const send = () => {
    const checked = validate(followApply.request, { introduction: intro });
    if (!checked.ok) return setError(checked.message);
    void apply.submit(checked.data.introduction);
  };
  if (application === undefined) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <Refresh onRefresh={refresh}>
      <OfflineAsOf savedAt={savedAt} show={failed || !online} />
      <div className={styles.form}>
        <p className={styles.hint}>
          <Trans>
            Traders share their futures trades: followers' copies open and close with yours, and your statistics
            (computed hourly from your closed futures positions) are public. You receive no money from followers.
          </Trans>
        </p>
        {application && (
          <div className={styles.card} data-testid="application" data-state={application.state}>
            <div className={styles.cardHead}>
              <span className={styles.cardTitle}>
                <strong>
                  <Trans>Your application</Trans>
                </strong>
                <small>{formatDateTime(Date.parse(application.created_at), activeBcp47())}</small>
              </span>
              <span className={application.state === 'approved' ? styles.tagOn : styles.tag}>
                {i18n._(APPLICATION_STATE_LABELS[application.state])}
              </span>
            </div>
            {application.introduction && <p className={styles.hint}>{application.introduction}</p>}
            {application.state === 'review' && (
              <p className={styles.hint}>
                <Trans>We review applications by hand. This page shows the decision.</Trans>
              </p>
            )}
            {application.state === 'rejected' && application.reason && (
              <p className={styles.skip}>
                <Trans>Reason: {application.reason}</Trans>
              </p>
            )}
            {application.state === 'approved' && (
              <div className={styles.actions}>
                <Button
                  color="primary"
                  size="small"
                  onClick={() => go({ to: pages.follow.trader, search: { id: uid } })}
                >
                  <Trans>See my trader page</Trans>
                </Button>
              </div>
            )}
          </div>
        )}
        {canApply && !(failed && application === null && savedAt === undefined) && (
          <>
            <label className={fields.label} htmlFor="trader-intro">
              <Trans>
                Introduce yourself to followers: your style, pairs and risk (optional, up to 500 characters)
              </Trans>
            </label>
            <div className={styles.textBox}>
              <TextArea
                id="trader-intro"
                aria-label={t`Introduction`}
                value={intro}
                onChange={(v) => (setIntro(v), setError(''))}
                maxLength={500}
                showCount
                rows={5}
              />
            </div>
            {error && (
              <div className={styles.fieldError} role="alert">
                {error}
              </div>
            )}
            <Button color="primary" block loading={apply.busy} disabled={!online || apply.busy} onClick={send}>
              {application ? <Trans>Apply again</Trans> : <Trans>Apply</Trans>}
            </Button>
          </>
        )}
        {failed && application === null && savedAt === undefined && (
          <ErrorBlock
            status="disconnected"
            title={t`Could not load your application.`}
            description={t`Pull down to try again.`}
          />
        )}
      </div>
    </Refresh>
  );
}
