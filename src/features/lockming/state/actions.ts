import { Toast } from 'antd-mobile';
import { useAtomValue } from 'jotai';
import { useLingui } from '@lingui/react/macro';
import type { LockOrder } from '@contract/lockming';
import { userAtom } from '@/lib/state';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendCancel, sendDeposit } from '../api/lock';
import { storeOrder } from './orders';

/** Online only: money moves at the server's time and terms, never from a queue. */
function useOnlineAction<A extends unknown[]>(
  name: string,
  action: (key: string, ...args: A) => Promise<LockOrder>,
  done: (order: LockOrder) => void,
) {
  const { t } = useLingui();
  const uid = useAtomValue(userAtom)?.id ?? 0;
  return useMoneyAction(
    action,
    async (order) => {
      await storeOrder(uid, order);
      done(order);
    },
    { name, offlineMessage: t`You are offline. Try again when connected.` },
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
