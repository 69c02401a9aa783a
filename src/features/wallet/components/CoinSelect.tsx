import { List } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { CHAIN_CURRENCIES, CURRENCY_IDS, CURRENCY_NETWORKS } from '@contract/fund';
import { pages, type GoTo } from '@/lib/nav';
import { walletCurrencyAtom } from '@/lib/state';
import type { SelectNext } from '../model/networks';
import styles from './wallet.module.css';

/** Step one of recharge and withdrawal: the coin. Recharge goes on to the network. */
export function CoinSelect({ next, onNavigate }: { next: SelectNext; onNavigate: (to: GoTo) => void }) {
  const { t } = useLingui();
  const setCurrency = useSetAtom(walletCurrencyAtom);
  return (
    <div className={styles.page}>
      <List header={t`Select currency`} className={styles.list}>
        {CHAIN_CURRENCIES.map((c) => (
          <List.Item
            key={c}
            prefix={<span className={styles.coinBadge}>{c.slice(0, 1)}</span>}
            description={CURRENCY_NETWORKS[c].join(' · ')}
            arrow
            onClick={() => {
              setCurrency({ id: CURRENCY_IDS[c], name: c });
              onNavigate(next === 'receive' ? pages.fund.select_network : pages.fund.withdraw);
            }}
          >
            {c}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
