import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RecurringPlan } from '@contract/recurring';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { useSubmit } from '@/lib/submit';
import { sendCreate, sendDelete, sendPause, sendResume } from '../api/recurring';
import { scheduleOfForm, type PlanForm } from '../model/schedule';
import type { RecurringPair } from '@contract/recurring';

/**
 * Creating a plan commits future buys: online only, with a key a retry after a lost answer reuses,
 * so one confirmation makes one plan.
 */
export function useCreatePlan(onDone: (plan: RecurringPlan) => void) {
  const { t } = useLingui();
  return useMoneyAction(
    (key, form: PlanForm, pair: RecurringPair) => {
      const s = scheduleOfForm(form);
      return sendCreate(
        {
          currency_id: pair.currency_id,
          legal_id: pair.legal_id,
          amount: form.amount.trim(),
          period: s.period,
          hour: s.hour,
          max_slippage: form.slippage.trim(),
          ...(s.weekday === null ? {} : { weekday: s.weekday }),
          ...(s.month_day === null ? {} : { month_day: s.month_day }),
        },
        key,
      );
    },
    (plan) => {
      Toast.show({ icon: 'success', content: t`Plan created` });
      onDone(plan);
    },
    { name: 'recurring create', offlineMessage: t`You are offline. Try again when connected.` },
  );
}

/** Pause, resume or delete; each answer is the plan as it now is. */
export function usePlanAction(onDone: (action: 'pause' | 'resume' | 'delete') => void) {
  const { t } = useLingui();
  return useSubmit(
    async (action: 'pause' | 'resume' | 'delete', id: number) => {
      if (!navigator.onLine) {
        Toast.show({ content: t`You are offline. Try again when connected.` });
        return;
      }
      if (action === 'pause') await sendPause(id);
      else if (action === 'resume') await sendResume(id);
      else await sendDelete(id);
      const done = { pause: t`Plan paused`, resume: t`Plan resumed`, delete: t`Plan deleted` }[action];
      Toast.show({ icon: 'success', content: done });
      onDone(action);
    },
    { name: 'recurring plan action' },
  );
}
