import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { IeoOrder, IeoProject } from '@contract/ieo';
import type { ApiError } from '@/lib/http';
import { requireLogin } from '@/lib/http';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useSubmit } from '@/lib/submit';
import { sendSubscription } from '../api/ieo';
import { useStoreOrder } from './orders';

// A time-out or lost connection may have reached the server: retrying must reuse the key.
const mayHaveArrived = (e: ApiError) => e.type === 'network' || e.type === 'timeout';

/**
 * Subscribes at the price and in the currency the user confirmed (online only: the server refuses
 * another price, and a queued subscription could arrive after the end).
 */
export function useSubscribe(onDone: (order: IeoOrder) => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  const store = useStoreOrder();
  return useSubmit(
    async ({ project, amount }: { project: IeoProject; amount: string }) => {
      if (!requireLogin()) return;
      if (!navigator.onLine) {
        Toast.show({ content: t`You are offline. Subscriptions are never sent offline; try again when connected.` });
        return;
      }
      const order = await sendSubscription(
        { project_id: project.id, amount, pay_currency: project.pay_currency, price: project.price },
        idem.current(),
      );
      idem.renew();
      await store(order);
      Toast.show({ icon: 'success', content: t`Subscribed` });
      onDone(order);
    },
    { name: 'subscribe to IEO', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}
