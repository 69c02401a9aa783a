import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, DotLoading, InfiniteScroll } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RecordValue } from '@contract/domain/settlement-chain';
import type { RecordLeafWithHash, SettlementRecordView } from '@contract/record';
import { formatNumber } from '@/lib/format/number';
import { apiErrorsShown } from '@/lib/submit';
import { fetchLeaves } from '../api/proof';
import { checkLeaf, listedLeaves } from '../model/chain';
import styles from './proof.module.css';

/**
 * The leaves of a record of many, page after page as the list is scrolled (oldest first). Each is
 * counted as checked here once its hash, recomputed from its body, is the one the record lists at
 * its index; a failed page stops the list until "Try again".
 */
function useLeaves(record: SettlementRecordView) {
  const [leaves, setLeaves] = useState<RecordLeafWithHash[]>([]);
  const [more, setMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const next = useRef(1);
  // The record's list of hashes, parsed once for all its leaves (thousands in a batch).
  const listed = useMemo(() => listedLeaves(record), [record]);
  const [matched, setMatched] = useState(0);
  const loadMore = useCallback(async () => {
    try {
      const page = await fetchLeaves(record.seq, next.current);
      next.current = page.current_page + 1;
      setLeaves((prev) => [...prev, ...page.data]);
      setMatched((n) => n + page.data.filter((leaf) => checkLeaf(record, leaf, listed).listed).length);
      setMore(page.current_page < page.last_page && page.data.length > 0);
      setFailed(false);
    } catch (err) {
      setMore(false);
      setFailed(true);
      apiErrorsShown('settlement leaves')(err);
    }
  }, [record, listed]);
  const retry = () => {
    setFailed(false);
    setMore(true);
  };
  return { leaves, listed, matched, more, failed, loadMore, retry };
}

/**
 * "Leaves" of a record of many (a seconds batch, a day's lock-mining payouts, copies closed with
 * their trader): every settlement it lists, each shown with its inputs and checked here in the
 * browser against the record's `data.leaves` entry at its position.
 */
export function LeavesList({
  record,
  count,
  renderLeaf,
}: {
  record: SettlementRecordView;
  count: number;
  /** One leaf as a list item, given the record's parsed `data.leaves`. */
  renderLeaf: (leaf: RecordLeafWithHash, listed: RecordValue | undefined) => ReactNode;
}) {
  const { t } = useLingui();
  const { leaves, listed, matched, more, failed, loadMore, retry } = useLeaves(record);
  const shown = formatNumber(leaves.length, 0);
  const all = formatNumber(count, 0);
  const good = formatNumber(matched, 0);
  return (
    <section className={styles.leaves} data-testid="record-leaves">
      <h3>
        <Trans>Leaves of this record</Trans>
      </h3>
      <p className={matched === leaves.length ? styles.pass : styles.fail} data-testid="leaves-summary">
        {t`${shown} of ${all} loaded; ${good} of them hash to the entry the record lists at their place.`}
      </p>
      <ul className={styles.leafList}>{leaves.map((leaf) => renderLeaf(leaf, listed))}</ul>
      <InfiniteScroll loadMore={loadMore} hasMore={more}>
        {more ? (
          <DotLoading color="primary" />
        ) : failed ? (
          <span className={styles.actions}>
            <span className={styles.noMore}>
              <Trans>Could not load more.</Trans>
            </span>
            <Button size="mini" onClick={retry} data-testid="leaves-retry">
              <Trans>Try again</Trans>
            </Button>
          </span>
        ) : (
          <span className={styles.noMore} data-testid="leaves-end">
            <Trans>No more data</Trans>
          </span>
        )}
      </InfiniteScroll>
    </section>
  );
}
