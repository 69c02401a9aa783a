import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { DualOrder } from '@contract/dual';
import { ApiError, requireLogin } from '@/lib/http';
import { useIdempotencyKey } from '@/lib/idempotency';
import { useSubmit } from '@/lib/submit';
import { sendBuy } from '../api/dual';

// A time-out or lost connection may have reached the server: retrying must reuse the key.
const mayHaveArrived = (e: ApiError) => e.type === 'network' || e.type === 'timeout';

/** Buys shares; never queued offline (a purchase is for the product's terms now). */
export function useBuyDual(onDone: (o: DualOrder) => void) {
  const { t } = useLingui();
  const idem = useIdempotencyKey();
  return useSubmit(
    async ({ id, num }: { id: number; num: number }) => {
      if (!requireLogin()) return;
      if (!navigator.onLine) {
        Toast.show({ content: t`You are offline. Purchases are not queued; try again when connected.` });
        return;
      }
      const order = await sendBuy(id, num, idem.current());
      idem.renew();
      Toast.show({ icon: 'success', content: t`Purchased` });
      onDone(order);
    },
    { name: 'buy dual', onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}
