import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { ResponseOf } from '@contract/define';
import type { hzHistory } from '@contract/wallet';
import { BCP47 } from '@contract/domain/locales';
import { formatDateTime, formatMoney } from '@/lib/format';
import { languageAtom } from '@/lib/state';
import { fetchHzHistory } from '../api/hzHistory';
import { usePagedRecords } from '../hooks/usePagedRecords';
import { ACCOUNT_LABELS } from '../model/labels';
import { recordKey, timeOf, toPage } from '../model/records';
import { RecordList } from './RecordList';
import styles from './wallet.module.css';

type Move = ResponseOf<typeof hzHistory>['data'][number];

/** Moves between the user's own accounts, newest first. */
export function TransferHistory() {
  const { i18n } = useLingui();
  const locale = BCP47[useAtomValue(languageAtom)];
  const list = usePagedRecords<Move>('hzhistory', async (page) => toPage(await fetchHzHistory(page)), recordKey);
  return (
    <div className={styles.page}>
      <RecordList
        {...list}
        keyOf={(m) => String(m.id)}
        render={(m) => (
          <>
            <div className={styles.recordRow}>
              <span className={styles.recordTitle}>
                {i18n._(ACCOUNT_LABELS[m.from_field])} → {i18n._(ACCOUNT_LABELS[m.to_field])}
              </span>
              <span>
                {formatMoney(m.number, m.currency_name)} {m.currency_name}
              </span>
            </div>
            <div className={styles.muted}>{formatDateTime(timeOf(m.created_at), locale)}</div>
          </>
        )}
      />
    </div>
  );
}
