import { useCallback, useEffect, useState } from 'react';
import { Button, DotLoading, ErrorBlock, Input, Selector } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { SETTLEMENT_KINDS, type SettlementKind } from '@contract/domain/settlement-chain';
import type { RecordLeafView, SettlementRecordView } from '@contract/record';
import { NavBar } from '@/components/NavBar';
import { apiErrorsShown } from '@/lib/submit';
import { fetchRecordOf, fetchRecords, type RecordFilter } from './api/proof';
import { LeafCard, RecordCard, useKindLabel } from './components/RecordCard';
import { ChainCheckView } from './components/ChainCheckView';
import styles from './components/proof.module.css';

interface Listing {
  rows: SettlementRecordView[];
  total: number;
  page: number;
  /** The settlement's own entries in records of many, when the page shows one settlement. */
  leaves: RecordLeafView[];
}

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
  const [listing, setListing] = useState<Listing | undefined>();
  const [failed, setFailed] = useState(false);
  const load = useCallback(
    (page: number) => {
      const request = settlement
        ? fetchRecordOf(settlement).then((r) => ({ data: r.records, total: r.records.length, leaves: r.leaves }))
        : fetchRecords(filter, page).then((r) => ({ ...r, leaves: [] }));
      request
        .then((r) => {
          setFailed(false);
          setListing((prev) => ({
            rows: page === 1 || !prev ? r.data : [...prev.rows, ...r.data],
            total: Number(r.total),
            page,
            leaves: r.leaves,
          }));
        })
        .catch((err: unknown) => {
          setFailed(true);
          apiErrorsShown('settlement record')(err);
        });
    },
    [filter, settlement],
  );
  // A new filter's first page replaces the rows when it arrives.
  useEffect(() => load(1), [load]);
  return { listing, failed, more: () => load((listing?.page ?? 0) + 1) };
}

/**
 * `proof/record`: the public settlement record, filtered by kind and pair, each record with its
 * inputs, and the whole chain verified in the browser. `?ref=seconds:42` shows one settlement (an
 * order history's "verify this settlement"); settled in records of many (a seconds batch, each
 * payout of a lock), each of its entries is shown above the records, its hash checked against its
 * record's list and its outcome recomputed.
 */
export function RecordPage({ settlement }: { settlement?: string | undefined }) {
  const { t } = useLingui();
  const [filter, setFilter] = useState<RecordFilter>({});
  const { listing, failed, more } = useRecords(filter, settlement);
  return (
    <div className={styles.page}>
      <NavBar title={t`Settlement record`} />
      <p className={styles.intro}>
        <Trans>
          Every outcome the exchange decides is recorded here with the prices and inputs it was decided from. Each
          record carries the hash of the one before, so no record can be changed or removed without breaking the chain.
        </Trans>
      </p>
      <ChainCheckView />
      {!settlement && <Filters value={filter} onChange={setFilter} />}
      {listing === undefined ? (
        failed ? (
          <ErrorBlock status="disconnected" title={t`The record could not be loaded`} description="" />
        ) : (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        )
      ) : listing.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t`No record yet`} description="" />
      ) : (
        <>
          <ul className={styles.cards}>
            {listing.leaves.map((leaf) => {
              const record = listing.rows.find((r) => r.seq === leaf.seq);
              return record && <LeafCard key={`${leaf.seq}-${leaf.index}`} record={record} leaf={leaf} />;
            })}
            {listing.rows.map((r) => (
              <RecordCard key={r.seq} record={r} />
            ))}
          </ul>
          {listing.rows.length < listing.total && (
            <div className={styles.actions}>
              <Button size="small" onClick={more} data-testid="record-more">
                <Trans>Show more</Trans>
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
