import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as sc from '@contract/security-console';
import { call } from '@/lib/http';
import { toast } from '@/lib/toast';
import { FilterBar, PagedTable, SectionPage, SelectFilter } from '../components';
import type { SectionMeta } from '../section';
import { ResetRow } from './resets/reset-row';
import { useResetActions } from './resets/use-reset-actions';

export const meta: SectionMeta = {
  key: 'factor-resets',
  title: msg`Second-factor resets`,
  group: 'users',
  roles: ['admin'],
  order: 2,
};

/** Second-factor reset proposals: those waiting for a second administrator, or all. */
export default function FactorResets() {
  const { t } = useLingui();
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [reload, setReload] = useState(0);
  const actions = useResetActions((message) => {
    toast(message);
    setReload((n) => n + 1);
  });
  return (
    <SectionPage title={<Trans>Second-factor resets</Trans>}>
      <FilterBar>
        <SelectFilter
          label={t`Status`}
          value={status}
          options={[
            { value: 'pending', label: t`Waiting for approval` },
            { value: 'all', label: t`All` },
          ]}
          onChange={(v) => setStatus(v as 'pending' | 'all')}
        />
      </FilterBar>
      <PagedTable<sc.FactorReset>
        columns={[
          { key: 'user', title: t`User`, render: (r) => `#${r.user_id}` },
          { key: 'reset', title: t`Reset`, render: (r) => <ResetRow reset={r} actions={actions} /> },
        ]}
        load={(page) => call(sc.listResets, { status, page, limit: 20 })}
        rowKey={(r) => r.id}
        reloadKey={`${status}:${reload}`}
        empty={<Trans>No reset proposals.</Trans>}
      />
      {actions.dialog}
    </SectionPage>
  );
}
