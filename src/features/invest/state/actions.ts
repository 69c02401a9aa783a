import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { DualOrder } from '@contract/invest';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendBuy } from '../api/dual';

/** Buys shares; never queued offline (a purchase is for the product's terms now). */
export function useBuyDual(onDone: (o: DualOrder) => void) {
  const { t } = useLingui();
  return useMoneyAction(
    (key, { id, num }: { id: number; num: number }) => sendBuy(id, num, key),
    (order) => {
      Toast.show({ icon: 'success', content: t`Purchased` });
      onDone(order);
    },
    { name: 'buy dual', offlineMessage: t`You are offline. Purchases are not queued; try again when connected.` },
  );
}
