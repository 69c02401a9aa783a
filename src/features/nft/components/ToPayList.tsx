import { useState } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NftOrder } from '@contract/nft';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { usePay } from '../state/actions';
import { useToPay } from '../state/catalogue';
import { useNow } from '../state/now';
import { OrderCard } from './OrderCard';
import styles from './nft.module.css';

/** Won auctions awaiting payment, each with the time left and a confirmed payment. */
export function ToPayList() {
  const { t } = useLingui();
  const go = useGo();
  const locale = activeBcp47();
  const list = useToPay();
  const now = useNow(1000, (list.rows?.length ?? 0) > 0);
  const [paying, setPaying] = useState<NftOrder | null>(null);
  const pay = usePay(async () => {
    setPaying(null);
    await list.refresh();
    go(pages.nft.myNft);
  });
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined || (list.rows === null && !list.failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows === null ? (
        <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
      ) : list.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t`Nothing to pay`} description="" />
      ) : (
        <ul className={styles.cards} data-testid="nft-to-pay">
          {list.rows.map((o) => (
            <OrderCard key={o.id} order={o} now={now} onPay={() => setPaying(o)} />
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
      <ConfirmSheet
        open={paying !== null}
        title={t`Confirm payment`}
        busy={pay.busy}
        onConfirm={() => paying && void pay.submit(paying.id)}
        onClose={() => setPaying(null)}
        confirmTestId="confirm-pay"
      >
        {paying && (
          <>
            <dl className={confirm.confirmList}>
              <dt>
                <Trans>Artwork</Trans>
              </dt>
              <dd>{paying.name}</dd>
              <dt>
                <Trans>Winning bid</Trans>
              </dt>
              <dd>
                {paying.price} {paying.currency_name}
              </dd>
              <dt>
                <Trans>Margin held, counted toward it</Trans>
              </dt>
              <dd>
                {paying.margin} {paying.currency_name}
              </dd>
              <dt>
                <Trans>Paid now from the exchange account</Trans>
              </dt>
              <dd data-testid="confirm-pay-due">
                {paying.amount_due} {paying.currency_name}
              </dd>
              {paying.due_at !== null && (
                <>
                  <dt>
                    <Trans>Pay by</Trans>
                  </dt>
                  <dd>{formatDateTime(paying.due_at, locale)}</dd>
                </>
              )}
            </dl>
            <p className={styles.text}>
              <Trans>The artwork moves to your NFTs once paid.</Trans>
            </p>
          </>
        )}
      </ConfirmSheet>
    </Refresh>
  );
}
