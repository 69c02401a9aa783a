import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';
import {
  FilterBar,
  PagedTable,
  Panel,
  SearchFilter,
  SectionPage,
  SelectFilter,
  Split,
  Tag,
  type Column,
} from '../components';
import { ROLE_LABELS } from '../labels';
import styles from '../reviews/reviews.module.css';
import type { SectionMeta } from '../section';
import { UserDetail } from './users/detail';

export const meta: SectionMeta = {
  key: 'users',
  title: msg`Users`,
  group: 'users',
  roles: ['support', 'admin'],
  order: 1,
};

type Summary = ResponseOf<typeof admin.listUsers>['data'][number];

/** Users by account number, email or mobile; a user's balances, sessions and identity; freeze and roles. */
export default function Users() {
  const { t, i18n } = useLingui();
  const [q, setQ] = useState('');
  const [frozen, setFrozen] = useState<'all' | 'frozen'>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const [reload, setReload] = useState(0);

  const columns: Column<Summary>[] = [
    { key: 'account', title: t`Account`, render: (u) => u.account_number },
    { key: 'email', title: t`Email`, render: (u) => u.email ?? '-' },
    { key: 'mobile', title: t`Mobile`, render: (u) => (u.phone ? `+${u.area_code ?? ''} ${u.phone}` : '-') },
    { key: 'nickname', title: t`Nickname`, render: (u) => u.nickname },
    {
      key: 'state',
      title: t`Status`,
      render: (u) => (
        <>
          {u.frozen_at && <Tag tone="bad">{t`Frozen`}</Tag>}{' '}
          {u.role !== 'user' && <Tag>{i18n._(ROLE_LABELS[u.role])}</Tag>}
        </>
      ),
    },
  ];

  return (
    <SectionPage title={<Trans>Users</Trans>}>
      <FilterBar>
        <SearchFilter
          label={t`Account number, email or mobile`}
          value={q}
          onSearch={(v) => {
            setQ(v);
            setSelected(null);
          }}
        />
        <SelectFilter
          label={t`Show`}
          value={frozen}
          options={[
            { value: 'all', label: t`All users` },
            { value: 'frozen', label: t`Frozen only` },
          ]}
          onChange={setFrozen}
        />
      </FilterBar>
      <Split
        list={
          <PagedTable
            columns={columns}
            load={(page) => call(admin.listUsers, { q, frozen, page, limit: 20 })}
            rowKey={(u) => u.id}
            reloadKey={`${q}:${frozen}:${reload}`}
            onRowClick={(u) => setSelected(u.id)}
            selectedKey={selected ?? undefined}
            empty={<Trans>No user matches.</Trans>}
          />
        }
        detail={
          selected ? (
            <UserDetail key={selected} id={selected} onChanged={() => setReload((n) => n + 1)} />
          ) : (
            <Panel>
              <p className={styles.hint}>
                <Trans>Select a user to see the account.</Trans>
              </p>
            </Panel>
          )
        }
      />
    </SectionPage>
  );
}
