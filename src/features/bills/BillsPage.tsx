import { useRef, useState } from 'react';
import { Dialog, DotLoading, Dropdown, ErrorBlock, Selector, type DropdownRef } from 'antd-mobile';
import DownlandOutline from 'antd-mobile-icons/es/DownlandOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { BillType } from '@contract/bill';
import type { WalletRecord } from '@contract/wallet';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { formatDateTime, formatMoney, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { useGoLogin } from '@/lib/nav';
import { useStoredList } from '@/lib/paging/stored';
import { isLoggedInAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { toast } from '@/lib/toast';
import { exportBills, fetchBills } from './api';
import { saveCsv } from './model/download';
import {
  BILL_CURRENCIES,
  BILL_RANGES,
  BILL_TYPE_OPTIONS,
  listName,
  NO_FILTER,
  toRequest,
  type BillFilter,
  type BillRange,
} from './model/filters';
import { useBillLabels } from './model/labels';
import styles from './components/bills.module.css';

/** How a movement and an account are named: the wallet's labels, given by the route. */
export interface RecordLabels {
  kind: (r: WalletRecord) => string;
  account: (r: WalletRecord) => string;
}

/** `setting/bill`: every money movement of the user, filtered, readable offline, exportable as CSV. */
export function BillsPage({ labels }: { labels: RecordLabels }) {
  const { t } = useLingui();
  const goLogin = useGoLogin();
  const signedIn = useAtomValue(isLoggedInAtom);
  const [filter, setFilter] = useState<BillFilter>(NO_FILTER);
  const { submit: exportCsv, busy } = useSubmit(
    async () => {
      const ok = await Dialog.confirm({
        content: t`Export the bills shown by these filters as a CSV file?`,
        confirmText: t`Export`,
        cancelText: t`Cancel`,
      });
      if (!ok) return;
      const out = await exportBills(toRequest(filter, Date.now()));
      if (!saveCsv(out.filename, out.csv)) return toast(t`This browser cannot save files`);
      const rows = out.rows;
      toast(
        out.truncated
          ? t`Exported the newest ${rows} rows; narrow the time range for the rest`
          : t`Exported ${rows} rows`,
      );
    },
    { name: 'export bills' },
  );
  return (
    <div className={styles.page}>
      <NavBar
        title={t`Bills`}
        right={
          signedIn ? (
            <button
              type="button"
              className={styles.export}
              disabled={busy}
              aria-label={t`Export CSV`}
              onClick={() => void exportCsv()}
            >
              <DownlandOutline aria-hidden /> CSV
            </button>
          ) : undefined
        }
      />
      {signedIn ? (
        <>
          <Filters value={filter} onChange={setFilter} />
          <BillList key={listName(filter)} filter={filter} labels={labels} />
        </>
      ) : (
        <ErrorBlock status="empty" title={t`Log in to see your bills.`} description="">
          <button type="button" className={styles.link} onClick={goLogin}>
            <Trans>Log in</Trans>
          </button>
        </ErrorBlock>
      )}
    </div>
  );
}

function Filters({ value, onChange }: { value: BillFilter; onChange: (f: BillFilter) => void }) {
  const { t } = useLingui();
  const labels = useBillLabels();
  const ref = useRef<DropdownRef>(null);
  const set = (patch: Partial<BillFilter>) => {
    onChange({ ...value, ...patch });
    ref.current?.close();
  };
  const ranges: Record<BillRange, string> = {
    '7d': t`Last 7 days`,
    '30d': t`Last 30 days`,
    '90d': t`Last 90 days`,
    all: t`All time`,
  };
  const currencyName = BILL_CURRENCIES.find((c) => c.id === value.currency)?.name ?? t`All currencies`;
  return (
    <Dropdown ref={ref} className={styles.filters}>
      <Dropdown.Item key="type" title={value.type === 'all' ? t`All types` : labels.type(value.type)}>
        <Selector
          className={styles.options}
          columns={2}
          showCheckMark={false}
          options={BILL_TYPE_OPTIONS.map((v) => ({ value: v, label: v === 'all' ? t`All types` : labels.type(v) }))}
          value={[value.type]}
          onChange={(v) => v[0] && set({ type: v[0] as BillType | 'all' })}
        />
      </Dropdown.Item>
      <Dropdown.Item key="currency" title={currencyName}>
        <Selector
          className={styles.options}
          columns={2}
          showCheckMark={false}
          options={[
            { value: 0, label: t`All currencies` },
            ...BILL_CURRENCIES.map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={[value.currency]}
          onChange={(v) => v[0] !== undefined && set({ currency: v[0] })}
        />
      </Dropdown.Item>
      <Dropdown.Item key="range" title={ranges[value.range]}>
        <Selector
          className={styles.options}
          columns={2}
          showCheckMark={false}
          options={BILL_RANGES.map((r) => ({ value: r, label: ranges[r] }))}
          value={[value.range]}
          onChange={(v) => v[0] && set({ range: v[0] })}
        />
      </Dropdown.Item>
    </Dropdown>
  );
}

function BillList({ filter, labels }: { filter: BillFilter; labels: RecordLabels }) {
  const { t } = useLingui();
  const locale = activeBcp47();
  const type = useBillLabels().type;
  // The range's start is fixed when the list is made (a new filter makes a new list).
  const [request] = useState(() => toRequest(filter, Date.now()));
  const list = useStoredList<WalletRecord>({
    list: listName(filter),
    fetchPage: (page) => fetchBills(request, page),
    keyOf: (r) => ({ id: r.id, createdAt: Date.parse(r.created_at) || 0 }),
  });
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows.length === 0 && !list.more ? (
        <ErrorBlock
          status={list.failed ? 'disconnected' : 'empty'}
          title={list.failed ? t`Could not load the bills` : t`No bills for these filters`}
          description=""
        >
          {list.failed && (
            <button type="button" className={styles.link} onClick={() => void list.refresh()}>
              <Trans>Try again</Trans>
            </button>
          )}
        </ErrorBlock>
      ) : (
        <ul className={styles.rows} data-testid="bills">
          {list.rows.map((r) => (
            <li key={r.id} className={styles.row}>
              <div className={styles.line}>
                <span className={styles.title}>{labels.kind(r)}</span>
                <span className={trend(r.amount) === 'down' ? styles.down : styles.up}>
                  {trend(r.amount) === 'up' ? '+' : ''}
                  {formatMoney(r.amount, r.currency_name)} {r.currency_name}
                </span>
              </div>
              <div className={styles.line}>
                <span className={styles.muted}>
                  {type(r.kind)} · {labels.account(r)}
                  {r.bucket === 'held' ? ` · ${t`held`}` : ''}
                </span>
                <span className={styles.muted}>{formatDateTime(Date.parse(r.created_at), locale)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </Refresh>
  );
}
