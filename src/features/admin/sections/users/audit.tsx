import { Trans, useLingui } from '@lingui/react/macro';
import * as admin from '@contract/admin';
import { call } from '@/lib/http';
import { DiffView, PagedTable } from '../../components';
import { when } from '../../reviews/format';
import styles from '../../reviews/reviews.module.css';
import type { AuditEntry } from './types';

/** The back-office actions on one user, newest first, five a page. */
export function UserAudit({ id, reload }: { id: number; reload: number }) {
  const { t } = useLingui();
  return (
    <PagedTable<AuditEntry>
      columns={[
        {
          key: 'entry',
          title: t`Action`,
          render: (a) => (
            <div className={styles.entry}>
              <span>
                {a.action} · {when(a.created_at)}
                {a.reason ? ` · ${a.reason}` : ''}
              </span>
              <DiffView before={a.before} after={a.after} />
            </div>
          ),
        },
      ]}
      load={(page) => call(admin.auditLog, { entity: 'user', entity_id: id, page, limit: 5 })}
      rowKey={(a) => a.id}
      reloadKey={`${id}:${reload}`}
      empty={<Trans>No actions recorded.</Trans>}
    />
  );
}
