import { Trans, useLingui } from '@lingui/react/macro';
import { Fields, Tag } from '../../components';
import { ROLE_LABELS } from '../../labels';
import { when } from '../../reviews/format';
import styles from '../../reviews/reviews.module.css';
import type { Detail } from './types';

/** Who the user is: contact, role, identity, level, registration and whether frozen. */
export function UserFacts({ user, identity }: Pick<Detail, 'user' | 'identity'>) {
  const { t, i18n } = useLingui();
  return (
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
  );
}

/** The user's balances by currency and account, then the sessions by last use. */
export function BalancesAndSessions({ balances, sessions }: Pick<Detail, 'balances' | 'sessions'>) {
  const { t } = useLingui();
  return (
    <>
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
    </>
  );
}
