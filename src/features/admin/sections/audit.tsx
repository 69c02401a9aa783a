import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';
import { DiffView, Fields, FilterBar, PagedTable, Panel, SearchFilter, SectionPage, Split } from '../components';
import { when } from '../reviews/format';
import styles from '../reviews/reviews.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'audit',
  title: msg`Audit log`,
  group: 'audit',
  roles: ['support', 'admin'],
  order: 1,
};

type Entry = ResponseOf<typeof admin.auditLog>['data'][number];

/** Every back-office action, newest first, with the record before and after. */
export default function Audit() {
  const { t } = useLingui();
  const [entity, setEntity] = useState('');
  const [selected, setSelected] = useState<Entry | null>(null);
  return (
    <SectionPage title={<Trans>Audit log</Trans>}>
      <FilterBar>
        <SearchFilter
          label={t`Kind of record (user, recharge, withdrawal, identity…)`}
          placeholder={t`All`}
          value={entity}
          onSearch={(v) => {
            setEntity(v.toLowerCase());
            setSelected(null);
          }}
        />
      </FilterBar>
      <Split
        list={
          <PagedTable<Entry>
            columns={[
              { key: 'time', title: t`Time`, render: (a) => when(a.created_at) },
              { key: 'who', title: t`Staff`, render: (a) => a.admin_nickname || a.admin_account },
              { key: 'action', title: t`Action`, render: (a) => a.action },
              { key: 'record', title: t`Record`, render: (a) => `${a.entity} #${a.entity_id}` },
            ]}
            load={(page) => call(admin.auditLog, { entity, page, limit: 20 })}
            rowKey={(a) => a.id}
            reloadKey={entity}
            onRowClick={setSelected}
            selectedKey={selected?.id}
            empty={<Trans>No actions recorded.</Trans>}
          />
        }
        detail={
          selected ? (
            <Panel title={selected.action} label={t`Audit entry ${selected.id}`}>
              <Fields
                items={[
                  [t`Time`, when(selected.created_at)],
                  [t`Staff`, `${selected.admin_nickname} (${selected.admin_account})`],
                  [t`Record`, `${selected.entity} #${selected.entity_id}`],
                  [t`Reason`, selected.reason || '-'],
                ]}
              />
              <DiffView before={selected.before} after={selected.after} />
            </Panel>
          ) : (
            <Panel>
              <p className={styles.hint}>
                <Trans>Select an entry to see the record before and after.</Trans>
              </p>
            </Panel>
          )
        }
      />
    </SectionPage>
  );
}
