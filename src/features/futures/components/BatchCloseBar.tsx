import { Dialog } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { Position } from '@contract/futures';
import { useBatchClose, type BatchScope } from '../state/actions';
import styles from './futures.module.css';

interface BatchCloseBarProps {
  open: readonly Position[];
  /** Only this pair's positions; every pair when absent. */
  pair?: { symbol: string; currency_id: number; legal_id: number };
  online: boolean;
  onDone: () => void;
}

/** Close all, all longs or all shorts, each after a confirmation naming how many positions close. */
export function BatchCloseBar({ open, pair, online, onDone }: BatchCloseBarProps) {
  const { t } = useLingui();
  const batch = useBatchClose(onDone);
  const longs = open.filter((p) => p.type === 1).length;
  const shorts = open.length - longs;
  const scope = pair ? pair.symbol : t`all pairs`;
  const ask = async (type: BatchScope, count: number) => {
    const title =
      type === 0
        ? t`Close all positions (${count})?`
        : type === 1
          ? t`Close long positions (${count})?`
          : t`Close short positions (${count})?`;
    const sure = await Dialog.confirm({
      title,
      content: t`On ${scope}, at the market prices; a closing fee is charged on each.`,
      confirmText: t`Close`,
      cancelText: t`Keep`,
    });
    if (sure) void batch.submit(type, pair ? { currency_id: pair.currency_id, legal_id: pair.legal_id } : undefined);
  };
  const off = !online || batch.busy;
  return (
    <div className={styles.batch} role="group" aria-label={t`Close several positions`}>
      <button
        type="button"
        className={styles.batchButton}
        disabled={off || open.length === 0}
        onClick={() => void ask(0, open.length)}
      >
        {t`Close all`}
      </button>
      <button
        type="button"
        className={styles.batchButton}
        disabled={off || longs === 0}
        onClick={() => void ask(1, longs)}
      >
        {t`Close longs`}
      </button>
      <button
        type="button"
        className={styles.batchButton}
        disabled={off || shorts === 0}
        onClick={() => void ask(2, shorts)}
      >
        {t`Close shorts`}
      </button>
    </div>
  );
}
