import { useState } from 'react';
import { Dialog } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_FUND_ACCOUNT, type ChainCurrency, type WithdrawMethod } from '@contract/fund';
import { ApiError } from '@/lib/http';
import { mayHaveArrived, type IdempotencyKey } from '@/lib/idempotency';
import { pages, type GoTo } from '@/lib/nav';
import { reportUnexpected } from '@/lib/submit';
import { useThrottledCallback } from '@/lib/throttle';
import type { useStepUp } from '@/components/StepUp';
import { requestWithdraw } from '../api/withdraw';
import type { WithdrawSummary } from '../components/ConfirmWithdraw';

interface WithdrawSubmitOptions {
  coin: ChainCurrency;
  method: WithdrawMethod;
  addressId: number | null;
  /** The reviewed withdrawal; nothing is sent without it. */
  summary: WithdrawSummary | null;
  idem: IdempotencyKey;
  /** Accepted: clear the form before the balances are read again. */
  onSubmitted: () => void;
  refreshWallet: () => Promise<unknown>;
  onNavigate: (to: GoTo) => void;
  /** The second-factor confirmation of these exact fields (`useStepUp().confirm`). */
  confirmStepUp: ReturnType<typeof useStepUp>['confirm'];
}

/** Sends the reviewed withdrawal with the pay password, once at a time; accepted, it opens the records. */
export function useWithdrawSubmit(o: WithdrawSubmitOptions) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const { coin, method, addressId, summary, idem } = o;

  const confirm = useThrottledCallback(async (payPassword: string) => {
    if (busy || !summary) return;
    setBusy(true);
    try {
      const data = { currency: coin, method, account: DEFAULT_FUND_ACCOUNT, amount: summary.amount };
      const params = method === 'address' ? { ...data, address_id: addressId ?? undefined } : data;
      // Confirmed with the second factor for exactly these fields; cancelled, nothing is sent.
      const step_up = await o.confirmStepUp('withdraw', params);
      if (!step_up) return;
      await requestWithdraw({ ...params, pay_password: payPassword, step_up }, idem.current());
      idem.renew();
      o.onSubmitted();
      await o.refreshWallet();
      await Dialog.alert({ content: t`Withdrawal submitted. The amount is held until review.`, confirmText: t`OK` });
      o.onNavigate(pages.fund.receive_withdraw_record);
    } catch (e) {
      // Refused (wrong password, over the limit): the message was shown; the next try is a new action.
      if (!mayHaveArrived(e)) idem.renew();
      if (!(e instanceof ApiError)) reportUnexpected(e, 'withdraw');
    } finally {
      setBusy(false);
    }
  });

  return { busy, confirm };
}
