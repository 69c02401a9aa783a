import { Trans, useLingui } from '@lingui/react/macro';
import { USER_ROLES, type UserRole } from '@contract/define';
import { AdminButton } from '../../components';
import { ROLE_LABELS } from '../../labels';
import styles from '../../reviews/reviews.module.css';
import type { useModeration } from './use-moderation';

/** An admin's controls on another user: the role picker and freeze or unfreeze. */
export function ModerationBar({
  current,
  frozen,
  moderation,
}: {
  current: UserRole;
  frozen: boolean;
  moderation: ReturnType<typeof useModeration>;
}) {
  const { t, i18n } = useLingui();
  const { role, pickRole, freeze, unfreeze } = moderation;
  return (
    <div className={styles.actions}>
      <select
        aria-label={t`Role`}
        value={role}
        onChange={(e) => pickRole(e.target.value as UserRole | '')}
        className={styles.select}
      >
        <option value="">{t`Change role…`}</option>
        {USER_ROLES.filter((r) => r !== current).map((r) => (
          <option key={r} value={r}>
            {i18n._(ROLE_LABELS[r])}
          </option>
        ))}
      </select>
      {frozen ? (
        <AdminButton onClick={() => void unfreeze()}>
          <Trans>Unfreeze</Trans>
        </AdminButton>
      ) : (
        <AdminButton kind="danger" onClick={() => void freeze()}>
          <Trans>Freeze</Trans>
        </AdminButton>
      )}
    </div>
  );
}
