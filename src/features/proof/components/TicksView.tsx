import { useCallback, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { ListStates } from './ListStates';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SettlementTickView } from '@contract/record';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { fetchTicks, type TickFilter } from '../api/proof';
import { usePagedRows } from '../state/paged';
import styles from './proof.module.css';

function TickCard({ tick }: { tick: SettlementTickView }) {
  const { t } = useLingui();
  return (
    <li className={styles.card} data-testid="settlement-tick" data-ts={tick.ts}>
      <dl className={styles.facts}>
        <dt>{t`Pair`}</dt>
        <dd>{tick.pair}</dd>
        <dt>{t`Price`}</dt>
        <dd data-testid="tick-price">{tick.price}</dd>
        <dt>{t`Feed time`}</dt>
        <dd>
          {tick.ts}
          <small className={styles.when}>{formatDateTime(tick.ts, activeBcp47())}</small>
        </dd>
        <dt>{t`Source`}</dt>
        <dd>{tick.source}</dd>
      </dl>
    </li>
  );
}

/**
 * The feed ticks settlements were decided from, kept for good: anyone recomputes a seconds
 * contract's outcome from its recorded ratio and these prices. Filtered by pair; `at` (a record's
 * link) shows the ticks of that feed time. Keyed by the link, so another link starts afresh.
 */
export function TicksView({ pair: linkedPair, at }: { pair?: string | undefined; at?: number | undefined }) {
  const { t } = useLingui();
  const [pair, setPair] = useState(linkedPair ?? '');
  const [filter, setFilter] = useState<TickFilter>({ pair: linkedPair, from: at, to: at });
  const fetchPage = useCallback(
    (page: number) => fetchTicks(filter, page).then((r) => ({ ...r, extra: null })),
    [filter],
  );
  const { listing, failed, more } = usePagedRows(fetchPage, 'settlement ticks');
  const apply = () => setFilter((f) => ({ ...f, pair: pair.trim() || undefined }));
  const when = filter.from !== undefined ? formatDateTime(filter.from, activeBcp47()) : null;
  return (
    <>
      <p className={styles.intro}>
        <Trans>
          The feed trades settlements were decided from, kept for good. A recorded price, time and source can be found
          here, and a seconds contract recomputed from its ratio and these prices.
        </Trans>
      </p>
      <div className={styles.section} data-testid="tick-filters">
        <div className={styles.toolbar}>
          <Input
            placeholder={t`Pair, e.g. BTC/USDT`}
            value={pair}
            onChange={setPair}
            onEnterPress={apply}
            data-testid="tick-pair"
          />
          <Button size="small" onClick={apply}>
            <Trans>Filter</Trans>
          </Button>
        </div>
        {when !== null && (
          <div className={styles.toolbar}>
            <span>{t`At ${when}`}</span>
            <Button size="small" onClick={() => setFilter((f) => ({ pair: f.pair }))} data-testid="tick-all-times">
              <Trans>All times</Trans>
            </Button>
          </div>
        )}
      </div>
      <ListStates
        value={listing}
        count={(l) => l.rows.length}
        failed={failed}
        failedTitle={t`The ticks could not be loaded`}
        emptyTitle={t`No ticks found`}
        more={!!listing && listing.rows.length < listing.total && { load: more, testId: 'tick-more' }}
      >
        {(listing) => (
          <ul className={styles.cards}>
            {listing.rows.map((tick) => (
              <TickCard key={`${tick.pair}-${tick.ts}-${tick.source}-${tick.price}`} tick={tick} />
            ))}
          </ul>
        )}
      </ListStates>
    </>
  );
}
