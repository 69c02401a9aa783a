import { Toast } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RequestOf } from '@contract/define';
import type { Copy, Follow, followFollow } from '@contract/copytrade';
import { useMoneyAction } from '@/lib/submit/useMoneyAction';
import { sendApply, sendCancel, sendFollow, sendSelfHolding } from '../api/follow';

/** Nothing here is queued offline: a follow or conversion meant for now is wrong later. */
function useAction<A, R>(name: string, send: (arg: A, key: string) => Promise<R>, done: (r: R) => void) {
  const { t } = useLingui();
  return useMoneyAction((key, arg: A) => send(arg, key), done, {
    name,
    offlineMessage: t`You are offline. Copy trading changes are not queued; try again when connected.`,
  });
}

/** Follows a trader or edits the follow. */
export function useFollowTrader(onDone: (f: Follow) => void) {
  const { t } = useLingui();
  return useAction(
    'follow trader',
    (data: RequestOf<typeof followFollow>, key) => sendFollow(data, key),
    (f) => {
      Toast.show({ icon: 'success', content: t`Follow saved` });
      onDone(f);
    },
  );
}

/** Stops following: copies already open stay and close with the trader. */
export function useCancelFollow(onDone: (f: Follow) => void) {
  const { t } = useLingui();
  // The key names the follow too, so acting on another never replays this one's answer.
  return useAction(
    'cancel follow',
    (id: number, key) => sendCancel(id, `${key}:${id}`),
    (f) => {
      Toast.show({ icon: 'success', content: t`Follow cancelled` });
      onDone(f);
    },
  );
}

/** Turns an open copy into the user's own futures position. */
export function useSelfHolding(onDone: (c: Copy) => void) {
  const { t } = useLingui();
  return useAction(
    'self-holding',
    (id: number, key) => sendSelfHolding(id, `${key}:${id}`),
    (c) => {
      Toast.show({ icon: 'success', content: t`Converted to self-holding` });
      onDone(c);
    },
  );
}

/** Applies to become a trader. */
export function useApplyTrader(onDone: () => void) {
  const { t } = useLingui();
  return useAction(
    'trader application',
    (introduction: string, key) => sendApply(introduction, key),
    () => {
      Toast.show({ icon: 'success', content: t`Application sent` });
      onDone();
    },
  );
}
