import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import {
  AdminButton,
  FilterBar,
  PagedTable,
  Panel,
  SelectFilter,
  Split,
  Tag,
  useConfirm,
  type AdminPage,
  type Column,
  type ConfirmOptions,
} from '../components';
import { REVIEW_STATE_LABELS, toneOf } from '../labels';
import styles from './reviews.module.css';

export type ReviewState = 'review' | 'approved' | 'rejected';

export interface ReviewQueueProps<T extends { id: number }> {
  load: (status: ReviewState, page: number) => Promise<AdminPage<T>>;
  columns: readonly Column<T>[];
  stateOf: (row: T) => string;
  /** The selected record's detail (pictures, amounts, the user's facts). */
  detail: (row: T) => ReactNode;
  decide: (row: T, action: 'approve' | 'reject', reason: string) => Promise<unknown>;
  /** The approval's confirmation; money approvals set `typeToConfirm`. */
  approveConfirm: (row: T) => ConfirmOptions;
  rejectHint?: string;
}

/**
 * A review queue: a state filter, the requests oldest first, the selected one's detail beside
 * the list, and approve / reject behind a confirmation (a reason for rejections, which the user
 * sees). After a decision the list reloads and the next request is up to the reviewer.
 */
export function ReviewQueue<T extends { id: number }>({
  load,
  columns,
  stateOf,
  detail,
  decide,
  approveConfirm,
  rejectHint,
}: ReviewQueueProps<T>) {
  const { i18n, t } = useLingui();
  const [status, setStatus] = useState<ReviewState>('review');
  const [selected, setSelected] = useState<T | null>(null);
  const [reload, setReload] = useState(0);
  const { confirm, dialog } = useConfirm();

  const act = async (row: T, action: 'approve' | 'reject') => {
    const options: ConfirmOptions =
      action === 'approve'
        ? approveConfirm(row)
        : {
            title: t`Reject request #${row.id}`,
            reason: 'required',
            reasonHint: rejectHint ?? t`The user sees this reason.`,
            danger: true,
            confirmLabel: t`Reject`,
          };
    const done = await confirm(options, (reason) => decide(row, action, reason));
    if (!done) return;
    toast(action === 'approve' ? t`Approved` : t`Rejected`);
    setSelected(null);
    setReload((n) => n + 1);
  };

  const withState: Column<T>[] = [
    ...columns,
    {
      key: 'state',
      title: t`Status`,
      render: (row) => {
        const s = stateOf(row);
        const label = s in REVIEW_STATE_LABELS ? i18n._(REVIEW_STATE_LABELS[s as ReviewState]) : s;
        return <Tag tone={toneOf(s)}>{label}</Tag>;
      },
    },
  ];

  return (
    <>
      <FilterBar>
        <SelectFilter
          label={t`Status`}
          value={status}
          options={(['review', 'approved', 'rejected'] as const).map((v) => ({
            value: v,
            label: i18n._(REVIEW_STATE_LABELS[v]),
          }))}
          onChange={(v) => {
            setStatus(v);
            setSelected(null);
          }}
        />
      </FilterBar>
      <Split
        list={
          <PagedTable
            columns={withState}
            load={(page) => load(status, page)}
            rowKey={(r) => r.id}
            reloadKey={`${status}:${reload}`}
            onRowClick={setSelected}
            selectedKey={selected?.id}
            empty={status === 'review' ? <Trans>No requests are waiting for review.</Trans> : undefined}
          />
        }
        detail={
          selected ? (
            <Panel title={<Trans>Request #{selected.id}</Trans>} label={t`Request #${selected.id}`}>
              {detail(selected)}
              {stateOf(selected) === 'review' && (
                <div className={styles.actions}>
                  <AdminButton kind="danger" onClick={() => void act(selected, 'reject')}>
                    <Trans>Reject</Trans>
                  </AdminButton>
                  <AdminButton kind="primary" onClick={() => void act(selected, 'approve')}>
                    <Trans>Approve</Trans>
                  </AdminButton>
                </div>
              )}
            </Panel>
          ) : (
            <Panel>
              <p className={styles.hint}>
                <Trans>Select a request to see its details.</Trans>
              </p>
            </Panel>
          )
        }
      />
      {dialog}
    </>
  );
}
