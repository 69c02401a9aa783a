import { Trans, useLingui } from '@lingui/react/macro';
import { FOLLOW_TYPES } from '@contract/copytrade';
import type { FollowDraft } from '../model/form';
import { copySize, roundRatio } from '../model/copySize';
import { usdt } from './money';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import styles from './copytrade.module.css';

interface FollowConfirmProps {
  draft: FollowDraft | null;
  traderName: string;
  editing: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The follow once more before it is saved: the sizes it copies, the cap, and where money comes from. */
export function FollowConfirm({ draft, traderName, editing, busy, onConfirm, onClose }: FollowConfirmProps) {
  const { t } = useLingui();
  const multiple = draft?.type === FOLLOW_TYPES.multiple;
  const example = draft ? copySize(3, draft.type, draft.number) : null;
  return (
    <ConfirmSheet
      open={draft !== null && example !== null}
      title={editing ? t`Confirm the new settings` : t`Confirm follow`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {draft && example && (
        <>
          <dl className={confirmStyles.confirmList}>
            <dt>
              <Trans>Trader</Trans>
            </dt>
            <dd>{traderName}</dd>
            <dt>
              <Trans>Copy type</Trans>
            </dt>
            <dd>{multiple ? t`Fixed multiple` : t`Fixed lots`}</dd>
            <dt>{multiple ? <Trans>Multiple</Trans> : <Trans>Lots per copy</Trans>}</dt>
            <dd data-testid="confirm-number">{multiple ? `×${roundRatio(draft.number).toFixed()}` : draft.number}</dd>
            <dt>
              <Trans>Amount cap</Trans>
            </dt>
            <dd>{draft.maxAmount ? `${usdt(draft.maxAmount)} USDT` : t`No cap`}</dd>
            <dt>
              <Trans>Trader opens 3 lots</Trans>
            </dt>
            <dd data-testid="confirm-example">{t`You open ${example.lots} lots`}</dd>
          </dl>
          <p className={styles.hint}>
            <Trans>
              Each copy opens and closes with {traderName} at the same price and leverage. Its margin and futures fees
              (0.05% at open and at close, 0.03% a day overnight) come from your futures account. A copy you cannot
              afford, or one above your cap, is skipped and recorded.
            </Trans>
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
