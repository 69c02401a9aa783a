import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { useProducts } from './state/products';
import { ProductCard } from './components/ProductCard';
import { OfflineAsOf } from '@/components/ListEnd';
import styles from './components/invest.module.css';

/** `invest/invest?currency_id=`: dual invest products on sale by coin, with their progress. */
export function InvestPage({ currencyId, onCoin }: { currencyId: number; onCoin: (id: number) => void }) {
  const { t } = useLingui();
  const go = useGo();
  const online = useOnline();
  const { reply, savedAt, failed, refresh } = useProducts(currencyId);
  const coins = reply?.currencies ?? [
    { currency_id: 1, currency_name: 'BTC' },
    { currency_id: 2, currency_name: 'ETH' },
  ];
  return (
    <div className={styles.page}>
      <NavBar title={t`Dual investment`} />
      <div className={styles.tabs}>
        <Tabs activeKey={String(currencyId)} onChange={(k) => onCoin(Number(k))}>
          {coins.map((c) => (
            <Tabs.Tab key={String(c.currency_id)} title={c.currency_name} />
          ))}
        </Tabs>
      </div>
      <div className={styles.links}>
        <Link to={pages.invest.mine} search={{ state: 'purchased' }}>
          <Trans>My investments</Trans>
        </Link>
        <Link to={pages.invest.help}>
          <Trans>Instructions</Trans>
        </Link>
      </div>
      <p className={styles.notice} data-testid="not-protected">
        <Trans>
          Not capital protected. Sell high: you invest the coin; at maturity you are paid in the coin if the price is
          below the linked price, otherwise in USDT at the linked price, with the interest either way.
        </Trans>
      </p>
      <Refresh onRefresh={refresh}>
        <OfflineAsOf savedAt={savedAt} show={failed || !online} />
        {reply === undefined || (reply === null && !failed) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : reply === null ? (
          <ErrorBlock
            status="disconnected"
            title={t`Could not load the products.`}
            description={t`Pull down to try again.`}
          />
        ) : reply.products.length === 0 ? (
          <ErrorBlock status="empty" title={t`No products on sale for this coin right now.`} description="" />
        ) : (
          <ul className={styles.list}>
            {reply.products.map((p) => (
              <ProductCard
                key={p.id}
                product={p}
                onBuy={() => go({ to: pages.invest.purchase, search: { id: p.id } })}
              />
            ))}
          </ul>
        )}
      </Refresh>
    </div>
  );
}
