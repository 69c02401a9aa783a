import { Dialog } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { Copy } from '@contract/copytrade';
import { useSelfHolding } from '../state/actions';
import { usdt } from './money';

/** Converting a copy to self-holding after a confirmation saying it is final and what changes. */
export function useConfirmSelfHold(onDone: (c: Copy) => void) {
  const { t } = useLingui();
  const convert = useSelfHolding(onDone);
  const ask = (copy: Copy) => {
    const name = copy.trader_name;
    const what = `${copy.symbol} · ${copy.share}`;
    const margin = usdt(copy.position?.caution_money);
    void Dialog.confirm({
      title: t`Convert to self-holding?`,
      content: (
        <div data-testid="self-hold-dialog">
          <p>{t`${what} lots, margin ${margin} USDT, becomes your own futures position.`}</p>
          <p>{t`It will no longer close when ${name} closes: you close it yourself and can set its take-profit and stop-loss. This cannot be undone.`}</p>
        </div>
      ),
      confirmText: t`Convert`,
      cancelText: t`Cancel`,
      onConfirm: () => convert.submit(copy.id),
    });
  };
  return { ask, busy: convert.busy };
}
