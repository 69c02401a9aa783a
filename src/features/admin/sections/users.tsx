import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as admin from '@contract/admin';
import { USER_ROLES, type ResponseOf, type UserRole } from '@contract/define';
import { call } from '@/lib/http';
import { apiErrorsShown } from '@/lib/submit';
import { toast } from '@/lib/toast';
import {
  AdminButton,
  DiffView,
  Fields,
  FilterBar,
  PagedTable,
  Panel,
  SearchFilter,
  SectionPage,
  SelectFilter,
  Split,
  Tag,
  useConfirm,
  useStaff,
  type Column,
} from '../components';
import { ROLE_LABELS } from '../labels';
import { when } from '../reviews/format';
import styles from '../reviews/reviews.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'users',
  title: msg`Users`,
  group: 'users',
  roles: ['support', 'admin'],
  order: 1,
};

type Summary = ResponseOf<typeof admin.listUsers>['data'][number];
type Detail = ResponseOf<typeof admin.userDetail>;
type AuditEntry = ResponseOf<typeof admin.auditLog>['data'][number];

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

function UserDetail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const staff = useStaff();
  const [detail, setDetail] = useState<{ for: number; data: Detail | null; failed: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [role, setRole] = useState<UserRole | ''>('');
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    let live = true;
    call(admin.userDetail, { id }).then(
      (data) => live && setDetail({ for: attempt, data, failed: false }),
      (error: unknown) => {
        apiErrorsShown('user detail')(error);
        if (live) setDetail({ for: attempt, data: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  if (!detail || detail.for !== attempt) {
    return (
      <Panel>
        <p className={styles.hint} role="status">
          <Trans>Loading…</Trans>
        </p>
      </Panel>
    );
  }
  if (!detail.data) {
    return (
      <Panel>
        <p className={styles.hint}>
          <Trans>The user could not be loaded.</Trans>
        </p>
        <AdminButton onClick={() => setAttempt((n) => n + 1)}>
          <Trans>Retry</Trans>
        </AdminButton>
      </Panel>
    );
  }
  const { user, balances, sessions, identity } = detail.data;
  const isAdmin = staff.role === 'admin';
  const self = staff.id === user.id;
  const done = (message: string) => {
    toast(message);
    setAttempt((n) => n + 1);
    onChanged();
  };

  const freeze = async () => {
    const ok = await confirm(
      {
        title: t`Freeze ${user.account_number}?`,
        body: t`All of the user's sessions end at once and login is refused with this reason.`,
        reason: 'required',
        reasonHint: t`The user sees this reason.`,
        danger: true,
        confirmLabel: t`Freeze`,
      },
      (reason) => call(admin.freezeUser, { id: user.id, reason }),
    );
    if (ok) done(t`Account frozen`);
  };
  const unfreeze = async () => {
    const ok = await confirm(
      { title: t`Unfreeze ${user.account_number}?`, reason: 'required', confirmLabel: t`Unfreeze` },
      (reason) => call(admin.unfreezeUser, { id: user.id, reason }),
    );
    if (ok) done(t`Account unfrozen`);
  };
  const changeRole = async (next: UserRole) => {
    const ok = await confirm(
      {
        title: t`Make ${user.account_number} ${i18n._(ROLE_LABELS[next])}?`,
        body: t`Roles decide what the account may do in this console.`,
        reason: 'required',
        danger: next === 'admin',
        confirmLabel: t`Change role`,
      },
      (reason) => call(admin.setUserRole, { id: user.id, role: next, reason }),
    );
    setRole('');
    if (ok) done(t`Role changed`);
  };

  return (
    <Panel title={user.account_number} label={t`User ${user.account_number}`}>
      <Fields
        items={[
          [t`Nickname`, user.nickname],
          [t`Email`, user.email ?? '-'],
          [t`Mobile`, user.phone ? `+${user.area_code ?? ''} ${user.phone}` : '-'],
          [t`Role`, i18n._(ROLE_LABELS[user.role])],
          [
            t`Identity`,
            identity ? `${user.real_state} (#${identity.id}, ${when(identity.created_at)})` : user.real_state,
          ],
          [t`Level`, user.level],
          [t`Registered`, when(user.created_at)],
          [
            t`Status`,
            user.frozen_at ? (
              <span key="f">
                <Tag tone="bad">{t`Frozen`}</Tag> {user.frozen_reason} ({when(user.frozen_at)})
              </span>
            ) : (
              <Tag key="a" tone="good">
                {t`Active`}
              </Tag>
            ),
          ],
        ]}
      />
      {isAdmin && !self && (
        <div className={styles.actions}>
          <select
            aria-label={t`Role`}
            value={role}
            onChange={(e) => {
              const next = e.target.value as UserRole | '';
              setRole(next);
              if (next) void changeRole(next);
            }}
            className={styles.select}
          >
            <option value="">{t`Change role…`}</option>
            {USER_ROLES.filter((r) => r !== user.role).map((r) => (
              <option key={r} value={r}>
                {i18n._(ROLE_LABELS[r])}
              </option>
            ))}
          </select>
          {user.frozen_at ? (
            <AdminButton onClick={() => void unfreeze()}>
              <Trans>Unfreeze</Trans>
            </AdminButton>
          ) : (
            <AdminButton kind="danger" onClick={() => void freeze()}>
              <Trans>Freeze</Trans>
            </AdminButton>
          )}
        </div>
      )}
      <h3 className={styles.subTitle}>
        <Trans>Balances</Trans>
      </h3>
      {balances.length === 0 ? (
        <p className={styles.hint}>
          <Trans>No balances yet.</Trans>
        </p>
      ) : (
        <Fields
          items={balances.map((b) => [
            `${b.currency} · ${b.type}`,
            b.held === '0' ? b.available : t`${b.available} (held ${b.held})`,
          ])}
        />
      )}
      <h3 className={styles.subTitle}>
        <Trans>Sessions</Trans>
      </h3>
      {sessions.length === 0 ? (
        <p className={styles.hint}>
          <Trans>No sessions.</Trans>
        </p>
      ) : (
        <Fields
          items={sessions.map((s) => [
            when(s.last_seen_at),
            `${s.ip} · ${s.user_agent.slice(0, 60)}${s.revoked_at ? ` · ${t`ended`}` : ''}`,
          ])}
        />
      )}
      <h3 className={styles.subTitle}>
        <Trans>Recent back-office actions</Trans>
      </h3>
      <UserAudit id={user.id} reload={attempt} />
      {dialog}
    </Panel>
  );
}

function UserAudit({ id, reload }: { id: number; reload: number }) {
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
