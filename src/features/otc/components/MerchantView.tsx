import { useCallback, useEffect, useState } from 'react';
import { DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ad, AdState, MerchantApplication, MerchantStats } from '@contract/otc';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { PagedOrderList } from '@/components/OrderListShell';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { fetchMerchant, fetchMyAds, sendAdStatus, sendApply } from '../api/otc';
import { AD_STATE_LABELS, MERCHANT_STATE_LABELS } from '../model/texts';
import { usePaged } from '../state/usePaged';
import { AdCard, MerchantFigures } from './AdCard';
import { LIST_TEXTS } from './MarketView';
import styles from './otc.module.css';

interface Merchant {
  application: MerchantApplication | null;
  stats: MerchantStats;
}

/** The merchant's corner: the application and its state; once approved, the figures and the ads. */
export function MerchantView({ onEdit }: { onEdit: (id?: number) => void }) {
  const { t } = useLingui();
  const [merchant, setMerchant] = useState<Merchant | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    fetchMerchant().then(setMerchant, () => setFailed(true));
  }, []);
  useEffect(() => void Promise.resolve().then(load), [load]);
  if (merchant === undefined) {
    return failed ? (
      <ErrorBlock status="disconnected" title={t`Your merchant status could not be loaded.`} description="">
        <button type="button" className={styles.primary} onClick={load}>
          <Trans>Retry</Trans>
        </button>
      </ErrorBlock>
    ) : (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  const application = merchant.application;
  if (application?.state !== 'approved') return <Application application={application} onApplied={load} />;
  return (
    <>
      <section className={styles.section}>
        <div className={styles.cardHead}>
          <span className={styles.name}>{merchant.stats.nickname}</span>
          <MerchantFigures merchant={merchant.stats} />
        </div>
        <div className={styles.actions} style={{ margin: '12px 0 0' }}>
          <button type="button" className={styles.primary} onClick={() => onEdit()} data-testid="otc-new-ad">
            <Trans>New ad</Trans>
          </button>
        </div>
      </section>
      <MyAds onEdit={onEdit} />
    </>
  );
}

function Application({ application, onApplied }: { application: MerchantApplication | null; onApplied: () => void }) {
  const { t, i18n } = useLingui();
  const [introduction, setIntroduction] = useState('');
  const apply = useSubmit(
    async () => {
      await sendApply(introduction.trim());
      Toast.show({ icon: 'success', content: t`Application sent` });
      onApplied();
    },
    { name: 'otc apply' },
  );
  const locale = activeBcp47();
  return (
    <section className={styles.section} data-testid="otc-application">
      <h3 className={styles.sectionTitle}>
        <Trans>Become a merchant</Trans>
      </h3>
      {application && (
        <dl className={styles.figures}>
          <dt>
            <Trans>Application</Trans>
          </dt>
          <dd data-testid="otc-application-state">{i18n._(MERCHANT_STATE_LABELS[application.state])}</dd>
          <dt>
            <Trans>Sent</Trans>
          </dt>
          <dd>{formatDateTime(application.created_at, locale)}</dd>
          {application.reason && (
            <>
              <dt>
                <Trans>Reason</Trans>
              </dt>
              <dd>{application.reason}</dd>
            </>
          )}
        </dl>
      )}
      {application?.state === 'review' ? (
        <p className={styles.hint}>
          <Trans>Staff review your application. You can publish ads once it is approved.</Trans>
        </p>
      ) : (
        <>
          <p className={styles.hint}>
            <Trans>
              Merchants publish ads to buy or sell coins for fiat. Identity level 2 is required; staff review each
              application.
            </Trans>
          </p>
          <label className={styles.label} htmlFor="otc-introduction">
            <Trans>Introduce yourself (optional)</Trans>
          </label>
          <textarea
            id="otc-introduction"
            className={styles.textarea}
            maxLength={500}
            value={introduction}
            onChange={(e) => setIntroduction(e.target.value)}
          />
          <div className={styles.actions} style={{ margin: '12px 0 0' }}>
            <button type="button" className={styles.primary} disabled={apply.busy} onClick={() => void apply.submit()}>
              <Trans>Apply</Trans>
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function MyAds({ onEdit }: { onEdit: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const load = useCallback((page: number) => fetchMyAds(page), []);
  const [version, setVersion] = useState(0);
  const list = usePaged(`mine-${version}`, load);
  const [closing, setClosing] = useState<Ad | null>(null);
  const status = useSubmit(
    async (ad: Ad, next: AdState) => {
      await sendAdStatus(ad.id, next);
      setClosing(null);
      setVersion((v) => v + 1);
    },
    { name: 'otc ad status' },
  );
  return (
    <PagedOrderList
      texts={LIST_TEXTS}
      list={list}
      count={list.rows?.length}
      empty={list.failed ? t`Your ads could not be loaded. Pull down to try again.` : t`No ads yet`}
      classes={styles}
      after={
        <ConfirmSheet
          open={closing !== null}
          title={t`Close ad`}
          danger
          busy={status.busy}
          onConfirm={() => closing && void status.submit(closing, 'closed')}
          onClose={() => setClosing(null)}
        >
          <p className={styles.hint}>
            <Trans>Closing is final: the ad leaves the market for good. Its open orders go on.</Trans>
          </p>
        </ConfirmSheet>
      }
    >
      <ul className={styles.cards} data-testid="otc-my-ads">
        {list.rows?.map((ad) => (
          <AdCard key={ad.id} ad={ad}>
            <div className={styles.adTools}>
              <span className={styles.stats}>{i18n._(AD_STATE_LABELS[ad.status])}</span>
              {ad.status !== 'closed' && (
                <>
                  <button type="button" className={styles.secondary} onClick={() => onEdit(ad.id)}>
                    <Trans>Edit</Trans>
                  </button>
                  <button
                    type="button"
                    className={styles.secondary}
                    disabled={status.busy}
                    onClick={() => void status.submit(ad, ad.status === 'online' ? 'paused' : 'online')}
                  >
                    {ad.status === 'online' ? <Trans>Pause</Trans> : <Trans>Resume</Trans>}
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => setClosing(ad)}>
                    <Trans>Close</Trans>
                  </button>
                </>
              )}
            </div>
          </AdCard>
        ))}
      </ul>
    </PagedOrderList>
  );
}
