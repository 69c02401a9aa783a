import { useState } from 'react';
import { Selector } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { MessageDescriptor } from '@lingui/core';
import type { LedgerKind } from '@contract/domain/ledger-kinds';
import type { WalletRecord } from '@contract/wallet';
import { BCP47 } from '@contract/domain/locales';
import { formatDateTime, formatMoney, trend } from '@/lib/format';
import { languageAtom } from '@/lib/state';
import { fetchLegalLog } from '../api/legalLog';
import { usePagedRecords } from '../hooks/usePagedRecords';
import { ACCOUNTS, type AccountName } from '../model/accounts';
import { ACCOUNT_LABELS } from '../model/labels';
import { recordKey, timeOf, toPage } from '../model/records';
import { RecordList } from './RecordList';
import styles from './wallet.module.css';

type Filter = AccountName | 'all';

/** How each ledger kind is named; every product labels its own kinds (`src/routes/ledger-labels.ts`). */
export type KindLabels = Record<LedgerKind, MessageDescriptor>;

/** Ledger entries of the user's accounts, newest first, optionally filtered by account. */
export function LedgerRecords({ filters = true, kinds }: { filters?: boolean; kinds: KindLabels }) {
  const { t, i18n } = useLingui();
  const [filter, setFilter] = useState<Filter>('all');
  const options = [
    { value: 'all' as Filter, label: t`All` },
    ...ACCOUNTS.map((a) => ({ value: a as Filter, label: i18n._(ACCOUNT_LABELS[a]) })),
  ];
  return (
    <div className={styles.page}>
      {filters && (
        <Selector
          className={styles.filters}
          options={options}
          value={[filter]}
          onChange={(v) => v[0] && setFilter(v[0])}
          showCheckMark={false}
        />
      )}
      <LedgerList key={filter} filter={filter} kinds={kinds} />
    </div>
  );
}

function LedgerList({ filter, kinds }: { filter: Filter; kinds: KindLabels }) {
  const { t, i18n } = useLingui();
  const locale = BCP47[useAtomValue(languageAtom)];
  const list = usePagedRecords<WalletRecord>(
    `legal-log:${filter}`,
    async (page) => toPage(await fetchLegalLog({ page, ...(filter === 'all' ? {} : { type: filter }) })),
    recordKey,
  );
  return (
    <RecordList
      {...list}
      keyOf={(r) => String(r.id)}
      render={(r) => (
        <>
          <div className={styles.recordRow}>
            <span className={styles.recordTitle}>
              {i18n._(kinds[r.kind])} · {r.currency_name}
            </span>
            <span className={trend(r.amount) === 'down' ? styles.down : styles.up}>
              {trend(r.amount) === 'up' ? '+' : ''}
              {formatMoney(r.amount, r.currency_name)}
            </span>
          </div>
          <div className={styles.recordRow}>
            <span className={styles.muted}>
              {i18n._(ACCOUNT_LABELS[r.type])} · {formatDateTime(timeOf(r.created_at), locale)}
            </span>
            <span className={styles.muted}>{t`Balance ${formatMoney(r.balance_after, r.currency_name)}`}</span>
          </div>
        </>
      )}
    />
  );
}
