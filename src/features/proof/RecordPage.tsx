import { useCallback, useState } from 'react';
import { Button, Input, Selector, Tabs } from 'antd-mobile';
import { ListStates } from './components/ListStates';
import { Trans, useLingui } from '@lingui/react/macro';
import { SETTLEMENT_KINDS, type SettlementKind } from '@contract/domain/settlement-chain';
import type { RecordLeafView } from '@contract/record';
import { NavBar } from '@/components/NavBar';
import type { RecordTab } from '@/lib/nav';
import { fetchRecordOf, fetchRecords, type RecordFilter } from './api/proof';
import { LeafCard, RecordCard, useKindLabel } from './components/RecordCard';
import { ChainCheckView } from './components/ChainCheckView';
import { TicksView } from './components/TicksView';
import { usePagedRows } from './state/paged';
import styles from './components/proof.module.css';

function Filters({ value, onChange }: { value: RecordFilter; onChange: (f: RecordFilter) => void }) {
  const { t } = useLingui();
  const kindLabel = useKindLabel();
  const [pair, setPair] = useState(value.pair ?? '');
  return (
    <div className={styles.section} data-testid="record-filters">
      <Selector
        columns={2}
        options={SETTLEMENT_KINDS.map((k) => ({ label: kindLabel(k), value: k }))}
        value={value.kind ? [value.kind] : []}
        onChange={(v) => onChange({ ...value, kind: v[0] as SettlementKind | undefined })}
      />
      <div className={styles.toolbar}>
        <Input
          placeholder={t`Pair, e.g. BTC/USDT`}
          value={pair}
          onChange={setPair}
          onEnterPress={() => onChange({ ...value, pair: pair.trim() || undefined })}
          data-testid="record-pair"
        />
        <Button size="small" onClick={() => onChange({ ...value, pair: pair.trim() || undefined })}>
          <Trans>Filter</Trans>
        </Button>
      </div>
    </div>
  );
}

function useRecords(filter: RecordFilter, settlement: string | undefined) {
  const fetchPage = useCallback(
    (page: number) =>
      settlement
        ? fetchRecordOf(settlement).then((r) => ({ data: r.records, total: r.records.length, extra: r.leaves }))
        : fetchRecords(filter, page).then((r) => ({ ...r, extra: [] as RecordLeafView[] })),
    [filter, settlement],
  );
  return usePagedRows(fetchPage, 'settlement record');
}

/**
 * `proof/record`: the public settlement record, filtered by kind and pair, each record with its
 * inputs, and the whole chain verified in the browser. `?ref=seconds:42` shows one settlement (an
 * order history's "verify this settlement"); settled in records of many (a seconds batch, each
 * payout of a lock), each of its entries is shown above the records, its hash checked against its
 * record's list and its outcome recomputed. The ticks tab lists the feed ticks settlements used
 * (`ticksAt`: a record's link to the ticks of a pair at a feed time).
 */
export function RecordPage({
  settlement,
  tab = 'records',
  ticksAt,
  onTab,
}: {
  settlement?: string | undefined;
  tab?: RecordTab;
  ticksAt?: { pair?: string | undefined; at?: number | undefined } | undefined;
  onTab?: (tab: RecordTab) => void;
}) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <NavBar title={t`Settlement record`} />
      {!settlement && (
        <Tabs activeKey={tab} onChange={(key) => onTab?.(key as RecordTab)} data-testid="record-tabs">
          <Tabs.Tab title={t`Records`} key="records" />
          <Tabs.Tab title={t`Feed ticks`} key="ticks" />
        </Tabs>
      )}
      {tab === 'ticks' && !settlement ? (
        <TicksView key={`${ticksAt?.pair}|${ticksAt?.at}`} pair={ticksAt?.pair} at={ticksAt?.at} />
      ) : (
        <Records settlement={settlement} />
      )}
    </div>
  );
}

function Records({ settlement }: { settlement: string | undefined }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<RecordFilter>({});
  const { listing, failed, more } = useRecords(filter, settlement);
  return (
    <>
      <p className={styles.intro}>
        <Trans>
          Every outcome the exchange decides is recorded here with the prices and inputs it was decided from. Each
          record carries the hash of the one before, so no record can be changed or removed without breaking the chain.
        </Trans>
      </p>
      <ChainCheckView />
      {!settlement && <Filters value={filter} onChange={setFilter} />}
      <ListStates
        value={listing}
        count={(l) => l.rows.length}
        failed={failed}
        failedTitle={t`The record could not be loaded`}
        emptyTitle={t`No record yet`}
        more={!!listing && listing.rows.length < listing.total && { load: more, testId: 'record-more' }}
      >
        {(listing) => (
          <ul className={styles.cards}>
            {listing.extra.map((leaf) => {
              const record = listing.rows.find((r) => r.seq === leaf.seq);
              return record && <LeafCard key={`${leaf.seq}-${leaf.index}`} record={record} leaf={leaf} />;
            })}
            {listing.rows.map((r) => (
              <RecordCard key={r.seq} record={r} leavesOpen={settlement === r.ref} />
            ))}
          </ul>
        )}
      </ListStates>
    </>
  );
}
