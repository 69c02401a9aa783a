import { Dialog } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { Follow } from '@contract/copytrade';
import { hasOpenCopies } from '../model/openCopies';
import { useCancelFollow } from '../state/actions';
import { usdt } from './money';

/**
 * Cancelling a follow after a confirmation that says what happens to its open copies, when it
 * has any: they stay open and still close with the trader (contract/copytrade.ts), unless converted
 * to self-holding.
 */
export function useConfirmCancel(onDone: (f: Follow) => void) {
  const { t } = useLingui();
  const cancel = useCancelFollow(onDone);
  const ask = (follow: Follow) => {
    const name = follow.trader_name;
    const margin = usdt(follow.used_amount);
    void Dialog.confirm({
      title: t`Stop following ${name}?`,
      content: (
        <div data-testid="cancel-follow-dialog">
          <p>{t`No new copies will open from ${name}'s trades.`}</p>
          {/* Said only when there are copies: "margin 0.00" about none reads as a hidden position. */}
          {hasOpenCopies(follow) && (
            <p>
              {t`Copies already open (margin ${margin} USDT) stay open and still close when ${name} closes; convert them to self-holding under My copy trading to manage them yourself.`}
            </p>
          )}
        </div>
      ),
      confirmText: t`Stop following`,
      cancelText: t`Keep following`,
      onConfirm: () => cancel.submit(follow.id),
    });
  };
  return { ask, busy: cancel.busy };
}
