import { useLingui } from '@lingui/react/macro';
import * as sc from '@contract/security-console';
import { call } from '@/lib/http';
import { useConfirm } from '../../components';

export type ResetWhat = 'totp' | 'passkeys' | 'both';

/**
 * Propose, approve and reject a second-factor reset, each confirmed with a reason (required to
 * propose or reject); `done` tells what happened. The server refuses the proposer's approval.
 */
export function useResetActions(done: (message: string) => void) {
  const { t } = useLingui();
  const { confirm, dialog } = useConfirm();

  const propose = async (user: { id: number; account: string }, what: ResetWhat) => {
    const ok = await confirm(
      {
        title: t`Propose a second-factor reset of ${user.account}?`,
        body:
          what === 'totp'
            ? t`The authenticator app is removed once another administrator approves within 24 hours. The user is told, and withdrawals pause for 24 hours.`
            : what === 'passkeys'
              ? t`Every passkey is removed once another administrator approves within 24 hours. The user is told, and withdrawals pause for 24 hours.`
              : t`The authenticator app and every passkey are removed once another administrator approves within 24 hours. The user is told, and withdrawals pause for 24 hours.`,
        reason: 'required',
        reasonHint: t`How the user's identity was checked.`,
        danger: true,
        confirmLabel: t`Propose`,
      },
      (reason) =>
        call(sc.proposeReset, {
          user_id: user.id,
          totp: what === 'passkeys' ? '0' : '1',
          passkeys: what === 'totp' ? '0' : '1',
          reason,
        }),
    );
    if (ok) done(t`Reset proposed; another administrator must approve it`);
  };

  const approve = async (reset: sc.FactorReset) => {
    const ok = await confirm(
      {
        title: t`Approve reset #${reset.id}?`,
        body: t`The second factor is removed now; the user is told and withdrawals pause for 24 hours.`,
        reason: 'optional',
        danger: true,
        confirmLabel: t`Approve`,
      },
      (reason) => call(sc.decideReset, { id: reset.id, action: 'approve', reason }),
    );
    if (ok) done(t`Reset applied`);
  };

  const reject = async (reset: sc.FactorReset) => {
    const ok = await confirm(
      { title: t`Reject reset #${reset.id}?`, reason: 'required', confirmLabel: t`Reject` },
      (reason) => call(sc.decideReset, { id: reset.id, action: 'reject', reason }),
    );
    if (ok) done(t`Reset rejected`);
  };

  return { propose, approve, reject, dialog };
}
