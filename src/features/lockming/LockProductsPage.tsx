import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { ProductCard } from './components/ProductCard';
import { useLockProducts } from './state/products';
import styles from './components/lockming.module.css';

/** `lockming/lockming`: the products open for deposits, readable offline with their time. */
export function LockProductsPage() {
  const { t } = useLingui();
  const go = useGo();
  const products = useLockProducts();
  return (
    <div className={styles.page}>
      <NavBar
        title={t`Lock mining`}
        right={
          <button
            type="button"
            className={styles.navLink}
            onClick={() => go({ to: pages.lockming.order, search: { state: 'in_progress' } })}
            data-testid="my-lock-orders"
          >
            <Trans>My orders</Trans>
          </button>
        }
      />
      <Refresh onRefresh={products.refresh}>
        <OfflineAsOf savedAt={products.savedAt} show={products.failed} />
        <p className={styles.intro}>
          <Trans>
            Lock USDT for a fixed number of days and earn a daily interest inside the published range.{' '}
            <button type="button" className={styles.link} onClick={() => go(pages.lockming.welcome)}>
              How it works
            </button>
          </Trans>
        </p>
        {products.value === undefined || (products.value === null && !products.failed) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : products.value === null ? (
          <ErrorBlock
            status="disconnected"
            title={t`Could not load the products. Pull down to try again.`}
            description=""
          />
        ) : products.value.length === 0 ? (
          <ErrorBlock status="empty" title={t`No products on offer at the moment`} description="" />
        ) : (
          <ul className={styles.cards}>
            {products.value.map((p) => (
              <ProductCard key={p.id} product={p} onLock={() => go({ to: pages.lockming.buy, search: { id: p.id } })} />
            ))}
          </ul>
        )}
      </Refresh>
    </div>
  );
}
