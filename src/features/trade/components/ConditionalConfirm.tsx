import { Trans, useLingui } from '@lingui/react/macro';
import type { MakerTerms } from '@contract/trade';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import { formatMoney, formatPrice, formatQuantity, formatRate } from '@/lib/format';
import { percentRatio, type StopPreview } from '../model/conditional';
import { KIND_LABELS } from '../model/conditionalLabels';
import { SIDE_LABELS } from '../model/labels';
import { heldNow, type CheckedStop } from '../model/stopCheck';
import { TermsRows } from './ConfirmTerms';
import { StopPreviewText, type PreviewUnits } from './StopPreviewText';
import styles from './conditional.module.css';

interface ConditionalConfirmProps {
  order: CheckedStop | null;
  /** What the form previewed for it (a trailing stop's trigger as it stands now). */
  preview: StopPreview | null;
  symbol: string;
  /** The currency a buy holds: the quote, or USDT for a stock. */
  settleName: string;
  units: PreviewUnits;
  feeRate: string;
  maker: MakerTerms | undefined;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A stop order once more before it is placed: kind, trigger, price (an OCO's limit leg and its stop
 * leg's price), amount, the funds held from now until it fires or is cancelled, the fee and spread
 * it will trade under, and the sentence of what happens at the trigger. Always asked: it acts
 * later, at a price the user may not be watching.
 */
export function ConditionalConfirm(props: ConditionalConfirmProps) {
  const { order, preview, units, busy } = props;
  const { t, i18n } = useLingui();
  return (
    <ConfirmSheet
      open={order !== null}
      title={t`Confirm stop order`}
      busy={busy}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
      confirmTestId="confirm-stop"
    >
      {order && (
        <>
          <dl className={confirmStyles.confirmList}>
            <dt>
              <Trans>Pair</Trans>
            </dt>
            <dd>{props.symbol}</dd>
            <dt>
              <Trans>Type</Trans>
            </dt>
            <dd style={{ color: order.side === 'buy' ? 'var(--app-up)' : 'var(--app-down)' }}>
              {i18n._(SIDE_LABELS[order.side])} · {i18n._(KIND_LABELS[order.kind])}
            </dd>
            <OrderRows order={order} preview={preview} units={units} settleName={props.settleName} />
            <TermsRows feeRate={props.feeRate} maker={props.maker} />
          </dl>
          {preview && <StopPreviewText preview={preview} units={units} className={styles.preview} />}
        </>
      )}
    </ConfirmSheet>
  );
}

type OrderRowsProps = Pick<ConditionalConfirmProps, 'preview' | 'units' | 'settleName'> & { order: CheckedStop };

/** The order's own rows: its prices, the trail, the amount and what it holds now. */
function OrderRows({ order, preview, units, settleName }: OrderRowsProps) {
  const { t } = useLingui();
  const price = (v: string) => `${formatPrice(v, units.tick)} ${units.quote}`;
  const held = heldNow(order);
  const heldText =
    held.unit === 'base'
      ? `${formatQuantity(held.value, units.lot)} ${units.base}`
      : `${formatMoney(held.value, settleName)} ${settleName}`;
  const sign = order.side === 'buy' ? '≥' : '≤';
  const oco = order.kind === 'oco';
  return (
    <>
      {order.limit_price && (
        <>
          <dt>
            <Trans>Limit price</Trans>
          </dt>
          <dd data-testid="confirm-limit">{price(order.limit_price)}</dd>
        </>
      )}
      <dt>
        <Trans>Trigger</Trans>
      </dt>
      <dd data-testid="confirm-trigger">{preview ? `${sign} ${price(preview.trigger)}` : '--'}</dd>
      {order.kind === 'trailing_stop' && (
        <>
          <dt>
            <Trans>Trail by</Trans>
          </dt>
          <dd>
            {order.trail_percent ? formatRate(percentRatio(order.trail_percent)) : price(order.trail_distance ?? '0')}
          </dd>
        </>
      )}
      <dt>{oco ? <Trans>Stop-limit price</Trans> : <Trans>Price</Trans>}</dt>
      <dd data-testid="confirm-price">
        {order.target_price ? price(order.target_price) : t`Market price when triggered`}
      </dd>
      <dt>{preview?.amountIn === 'quote' ? <Trans>Spend</Trans> : <Trans>Amount</Trans>}</dt>
      <dd data-testid="confirm-amount">
        {preview?.amountIn === 'quote'
          ? `${formatMoney(order.amount, units.quote)} ${units.quote}`
          : `${formatQuantity(order.amount, units.lot)} ${units.base}`}
      </dd>
      <dt>
        <Trans>Held now</Trans>
      </dt>
      <dd data-testid="confirm-held">{heldText}</dd>
    </>
  );
}
