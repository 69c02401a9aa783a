import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import * as admin from '@contract/admin';
import type { UserRole } from '@contract/define';
import { call } from '@/lib/http';
import { useConfirm } from '../../components';
import { ROLE_LABELS } from '../../labels';
import type { Detail } from './types';

/** Freeze, unfreeze and change the role of `user`, each confirmed with a reason; `done` tells what changed. */
export function useModeration(user: Detail['user'], done: (message: string) => void) {
  const { t, i18n } = useLingui();
  const [role, setRole] = useState<UserRole | ''>('');
  const { confirm, dialog } = useConfirm();

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
  const pickRole = (next: UserRole | '') => {
    setRole(next);
    if (next) void changeRole(next);
  };

  return { role, pickRole, freeze, unfreeze, dialog };
}
