import { Trans, useLingui } from '@lingui/react/macro';
import { FOLLOW_TYPES } from '@contract/copytrade';
import type { FollowDraft } from '../model/form';
import { copySize, roundRatio } from '../model/copySize';
import { ratePercent } from '../model/terms';
import { useCopyTerms } from '../state/terms';
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
  const terms = useCopyTerms();
  const fee = terms ? ratePercent(terms.fee_rate) : null;
  const overnight = terms ? ratePercent(terms.overnight_rate) : null;
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
            <dt>
              <Trans>Handling fee</Trans>
            </dt>
            <dd data-testid="confirm-fee">{fee === null ? '--' : t`${fee}% at open and at close`}</dd>
            <dt>
              <Trans>Overnight fee</Trans>
            </dt>
            <dd data-testid="confirm-overnight">{overnight === null ? '--' : t`${overnight}% a day`}</dd>
            <dt>
              <Trans>Profit share</Trans>
            </dt>
            <dd data-testid="confirm-share">
              {terms && terms.profit_share !== '0' ? `${ratePercent(terms.profit_share)}%` : t`None`}
            </dd>
          </dl>
          <p className={styles.hint}>
            <Trans>
              Each copy opens and closes with {traderName} at the same price and leverage. Its margin and futures fees
              come from your futures account. A copy you cannot afford, or one above your cap, is skipped and recorded.
            </Trans>
          </p>
        </>
      )}
    </ConfirmSheet>
  );
}
