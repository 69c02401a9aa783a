import { List, Tag } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useSetAtom } from 'jotai';
import { CURRENCY_NETWORKS } from '@contract/fund';
import { coinNetworkAtom, networkAtom } from '@/lib/state';
import { fetchFundInfo } from '../api/recharge';
import { useCachedQuery } from '../hooks/useCachedQuery';
import { useChosenCoin } from '../hooks/useChosenCoin';
import { pickNetwork } from '../model/networks';
import styles from './wallet.module.css';

/** Step two of recharge: the network, with its minimum and estimated arrival time. */
export function NetworkSelect({ onChosen }: { onChosen: () => void }) {
  const { t } = useLingui();
  const coin = useChosenCoin();
  const [network, setNetwork] = useAtom(networkAtom);
  const setCoinNetwork = useSetAtom(coinNetworkAtom);
  const info = useCachedQuery(`fund:info:${coin}`, () => fetchFundInfo(coin));
  const current = pickNetwork(coin, network);
  return (
    <div className={styles.page}>
      <List header={`${t`Select network`} · ${coin}`} className={styles.list}>
        {CURRENCY_NETWORKS[coin].map((n) => {
          const detail = info.value?.networks.find((x) => x.network === n);
          return (
            <List.Item
              key={n}
              arrow
              extra={
                n === current ? (
                  <Tag color="primary" fill="outline">
                    <Trans>Selected</Trans>
                  </Tag>
                ) : undefined
              }
              description={
                detail
                  ? t`Arrives in about ${detail.arrival_minutes} min · minimum ${detail.recharge_min} ${coin}`
                  : undefined
              }
              onClick={() => {
                setNetwork(n);
                setCoinNetwork(`${coin}:${n}`);
                onChosen();
              }}
            >
              {n}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
