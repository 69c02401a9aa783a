import { useState } from 'react';
import { Tabs, Tag } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { Recharge, Withdrawal } from '@contract/fund';
import { BCP47 } from '@contract/domain/locales';
import { formatDateTime, formatMoney } from '@/lib/format';
import { languageAtom } from '@/lib/state';
import { fetchRechargeLog } from '../api/recharge';
import { fetchWithdrawList } from '../api/withdraw';
import { usePagedRecords } from '../hooks/usePagedRecords';
import { recordKey, REVIEW_LABELS, timeOf, toPage } from '../model/records';
import { RecordList } from './RecordList';
import styles from './wallet.module.css';

const STATE_COLOR = { review: 'warning', approved: 'success', rejected: 'danger' } as const;

function Status({ status, reason }: { status: Recharge['status']; reason: string }) {
  const { i18n } = useLingui();
  return (
    <span>
      <Tag color={STATE_COLOR[status]} fill="outline">
        {i18n._(REVIEW_LABELS[status])}
      </Tag>
      {reason && <span className={styles.muted}> {reason}</span>}
    </span>
  );
}

function Recharges() {
  const locale = BCP47[useAtomValue(languageAtom)];
  const list = usePagedRecords<Recharge>('recharge-log', async (p) => toPage(await fetchRechargeLog(p)), recordKey);
  return (
    <RecordList
      {...list}
      keyOf={(r) => String(r.id)}
      render={(r) => (
        <>
          <div className={styles.recordRow}>
            <span className={styles.recordTitle}>
              {formatMoney(r.amount, r.currency)} {r.currency} · {r.network}
            </span>
            <Status status={r.status} reason={r.reason} />
          </div>
          <div className={styles.muted}>{formatDateTime(timeOf(r.created_at), locale)}</div>
        </>
      )}
    />
  );
}

function Withdrawals() {
  const { t } = useLingui();
  const locale = BCP47[useAtomValue(languageAtom)];
  const list = usePagedRecords<Withdrawal>('withdraw-log', async (p) => toPage(await fetchWithdrawList(p)), recordKey);
  return (
    <RecordList
      {...list}
      keyOf={(w) => String(w.id)}
      render={(w) => (
        <>
          <div className={styles.recordRow}>
            <span className={styles.recordTitle}>
              {formatMoney(w.amount, w.currency)} {w.currency}
            </span>
            <Status status={w.status} reason={w.reason} />
          </div>
          <div className={styles.muted}>
            {t`Fee ${formatMoney(w.fee, w.currency)} · received ${formatMoney(w.received, w.currency)}`}
          </div>
          <div className={styles.muted}>
            {w.destination} · {formatDateTime(timeOf(w.created_at), locale)}
          </div>
          {w.notice && <div className={styles.hint}>{w.notice}</div>}
        </>
      )}
    />
  );
}

/** Recharge and withdrawal requests with their review state. */
export function FundRecords() {
  const { t } = useLingui();
  const [tab, setTab] = useState('recharge');
  return (
    <div className={styles.page}>
      <Tabs activeKey={tab} onChange={setTab} className={styles.tabs}>
        <Tabs.Tab key="recharge" title={t`Recharges`} />
        <Tabs.Tab key="withdraw" title={t`Withdrawals`} />
      </Tabs>
      {tab === 'recharge' ? <Recharges /> : <Withdrawals />}
    </div>
  );
}
