import { ErrorBlock, Tabs } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AdSide, OtcCoin } from '@contract/otc';
import { NavBar } from '@/components/NavBar';
import { useGoLogin } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { AdForm } from './components/AdForm';
import { MarketView } from './components/MarketView';
import { MerchantView } from './components/MerchantView';
import { MyOrders } from './components/MyOrders';
import { OrderView } from './components/OrderView';
import styles from './components/otc.module.css';

export type OtcView = 'market' | 'orders' | 'merchant' | 'ad';

export interface OtcSearch {
  view: OtcView;
  id?: number;
  side: AdSide;
  coin: OtcCoin;
}

interface OtcPageProps {
  search: OtcSearch;
  /** Moves to another view; `replace` for a tab or filter change. */
  onSearch: (next: OtcSearch, replace?: boolean) => void;
  /** Opens one order (its own route). */
  onOrder: (id: number) => void;
}

const TOP_VIEWS = ['market', 'orders', 'merchant'] as const;

/** `otc/otc`: the ads market, my orders, the merchant's application, ads and ad form. */
export function OtcPage({ search, onSearch, onOrder }: OtcPageProps) {
  const { t } = useLingui();
  const signedIn = useAtomValue(isLoggedInAtom);
  const goLogin = useGoLogin();
  const go = (view: OtcView, id?: number, replace = false) =>
    onSearch({ side: search.side, coin: search.coin, view, ...(id ? { id } : {}) }, replace);
  const top = (TOP_VIEWS as readonly string[]).includes(search.view);
  const titles: Record<OtcView, string> = {
    market: t`OTC`,
    orders: t`My orders`,
    merchant: t`Merchant`,
    ad: search.id ? t`Edit ad` : t`New ad`,
  };
  const needsLogin = search.view !== 'market' && !signedIn;
  return (
    <div className={styles.page}>
      <NavBar title={titles[search.view]} />
      {top && (
        <Tabs activeKey={search.view} onChange={(k) => go(k as OtcView, undefined, true)}>
          <Tabs.Tab key="market" title={t`Market`} />
          <Tabs.Tab key="orders" title={t`My orders`} />
          <Tabs.Tab key="merchant" title={t`Merchant`} />
        </Tabs>
      )}
      {needsLogin ? (
        <ErrorBlock status="empty" title={t`Log in to trade OTC.`} description="">
          <button type="button" className={styles.primary} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : (
        <View search={search} onSearch={onSearch} onOrder={onOrder} go={go} />
      )}
    </div>
  );
}

function View({
  search,
  onSearch,
  onOrder,
  go,
}: OtcPageProps & { go: (view: OtcView, id?: number, replace?: boolean) => void }) {
  switch (search.view) {
    case 'orders':
      return <MyOrders onOrder={onOrder} />;
    case 'merchant':
      return <MerchantView onEdit={(id) => go('ad', id)} />;
    case 'ad':
      return <AdForm key={search.id ?? 0} id={search.id} onSaved={() => go('merchant', undefined, true)} />;
    case 'market':
      return (
        <MarketView
          side={search.side}
          coin={search.coin}
          onFilter={(side, coin) => onSearch({ view: 'market', side, coin }, true)}
          onOpened={(order) => onOrder(order.id)}
        />
      );
  }
}

/** `otc/order?id=`: one order with its countdown, steps, actions and chat (notifications open it). */
export function OtcOrderPage({ id }: { id?: number }) {
  const { t } = useLingui();
  const signedIn = useAtomValue(isLoggedInAtom);
  const goLogin = useGoLogin();
  return (
    <div className={styles.page}>
      <NavBar title={t`Order`} />
      {!signedIn ? (
        <ErrorBlock status="empty" title={t`Log in to trade OTC.`} description="">
          <button type="button" className={styles.primary} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      ) : id ? (
        <OrderView key={id} id={id} />
      ) : (
        <ErrorBlock status="empty" title={t`The order could not be loaded.`} description="" />
      )}
    </div>
  );
}
