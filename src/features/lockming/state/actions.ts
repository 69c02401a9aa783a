import { Toast } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import type { LockOrder } from '@contract/lockming';
import { ApiError, requireLogin } from '@/lib/http';
import { useIdempotencyKey } from '@/lib/idempotency';
import { userAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { sendCancel, sendDeposit } from '../api/lock';
import { storeOrder } from './orders';

// A time-out or lost connection may have reached the server: retrying must reuse the key.
const mayHaveArrived = (e: ApiError) => e.type === 'network' || e.type === 'timeout';

/** Online only: money moves at the server's time and terms, never from a queue. */
function useOnlineAction<A extends unknown[]>(
  name: string,
  action: (key: string, ...args: A) => Promise<LockOrder>,
  done: (order: LockOrder) => void,
) {
  const { t } = useLingui();
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const idem = useIdempotencyKey();
  return useSubmit(
    async (...args: A) => {
      if (!requireLogin()) return;
      if (!navigator.onLine) {
        Toast.show({ content: t`You are offline. Try again when connected.` });
        return;
      }
      const order = await action(idem.current(), ...args);
      idem.renew();
      await storeOrder(uid, order);
      done(order);
    },
    { name, onApiError: (e) => mayHaveArrived(e) || idem.renew() },
  );
}

/** Locks an amount in a product. */
export function useDeposit(onDone: (order: LockOrder) => void) {
  const { t } = useLingui();
  return useOnlineAction(
    'lock deposit',
    (key, configId: number, amount: string) => sendDeposit(configId, amount, key),
    (order) => {
      Toast.show({ icon: 'success', content: t`Locked` });
      onDone(order);
    },
  );
}

/** Redeems an order early (the penalty is taken from the principal). */
export function useRedeem(onDone: (order: LockOrder) => void) {
  const { t } = useLingui();
  return useOnlineAction(
    'lock early redemption',
    (key, id: number) => sendCancel(id, key),
    (order) => {
      Toast.show({ icon: 'success', content: t`Redeemed` });
      onDone(order);
    },
  );
}
