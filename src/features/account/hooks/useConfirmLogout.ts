import { useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { useLogout } from './useLogout';

/** Logs out of this device once the user confirms; `leaving` while the session ends. */
export function useConfirmLogout(onLoggedOut: () => void) {
  const { t } = useLingui();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t`Do you want to log out of this device?`,
      confirmText: t`Log out`,
      cancelText: t`Cancel`,
    });
    if (!confirmed) return;
    setLeaving(true);
    await logout();
    setLeaving(false);
    onLoggedOut();
  };

  return { leaving, confirmLogout };
}
