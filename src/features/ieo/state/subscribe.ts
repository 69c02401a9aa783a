import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { IeoOrder, IeoProject } from '@contract/ieo';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendSubscription } from '../api/ieo';
import { useStoreOrder } from './orders';

/**
 * Subscribes at the price and in the currency the user confirmed (online only: the server refuses
 * another price, and a queued subscription could arrive after the end).
 */
export function useSubscribe(onDone: (order: IeoOrder) => void) {
  const { t } = useLingui();
  const store = useStoreOrder();
  return useMoneyAction(
    (key, { project, amount }: { project: IeoProject; amount: string }) =>
      sendSubscription(
        { project_id: project.id, amount, pay_currency: project.pay_currency, price: project.price },
        key,
      ),
    async (order) => {
      await store(order);
      Toast.show({ icon: 'success', content: t`Subscribed` });
      onDone(order);
    },
    {
      name: 'subscribe to IEO',
      offlineMessage: t`You are offline. Subscriptions are never sent offline; try again when connected.`,
    },
  );
}
