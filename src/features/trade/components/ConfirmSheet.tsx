import { useState } from 'react';
import { Button, Popup, Switch } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MakerTerms, PairRules } from '@contract/trade';
import type { Level } from '../model/book';
import { SIDE_LABELS, TYPE_LABELS } from '../model/labels';
import { marketFill, withinLimit, type FillEstimate } from '../model/fill';
import type { SlippageState } from '../state/slippage';
import { estimate, type CheckedOrder } from '../model/form';
import { FillRows, SlippagePicker, TermsRows } from './ConfirmTerms';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

interface ConfirmSheetProps {
  order: CheckedOrder | null;
  symbol: string;
  base: string;
  quote: string;
  /** The pair's rules, with its published fee rate, and the decimals its prices are shown with. */
  rules: Pick<PairRules, 'fee_rate' | 'tick_size' | 'lot_size'> & { price_decimals: number };
  /** The book shown: its levels give a market order's estimated fill, `maker` the maker's terms. */
  book: { bids: Level[]; asks: Level[]; maker?: MakerTerms | undefined } | null;
  last: string | undefined;
  /** The slippage limit chosen on this device (`useSlippage`). */
  slippage: SlippageState;
  onConfirm: (dontAskAgain: boolean) => void;
  onClose: () => void;
}

/** What is about to be placed, once more, before it is sent; "don't ask again" skips it next time. */
export function ConfirmSheet(props: ConfirmSheetProps) {
  const { order, symbol, base, quote, book, last, rules, slippage, onConfirm, onClose } = props;
  const total = order ? estimate({ ...order, price: order.target_price ?? '' }, last, rules) : null;
  const fill = marketFill(order, book, last, rules);
  const { t, i18n } = useLingui();
  const [skip, setSkip] = useState(false);
  const color = order?.side === 'buy' ? 'var(--app-up)' : 'var(--app-down)';
  const market = order?.type === 'market';
  // The server refuses a fill past the limit; the sheet says so before it is sent.
  const blocked = market && (slippage.limit === null || (fill !== null && !withinLimit(fill, slippage.limit)));
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {order && (
        <div className={`${styles.confirm} ${fieldStyles.confirm}`} role="dialog" aria-label={t`Confirm order`}>
          <h2>
            <Trans>Confirm order</Trans>
          </h2>
          <dl className={confirmStyles.confirmList}>
            <dt>
              <Trans>Pair</Trans>
            </dt>
            <dd>{symbol}</dd>
            <dt>
              <Trans>Side</Trans>
            </dt>
            <dd style={{ color }}>
              {i18n._(SIDE_LABELS[order.side])} · {i18n._(TYPE_LABELS[order.type])}
            </dd>
            <dt>
              <Trans>Price</Trans>
            </dt>
            <dd>{order.target_price ? `${order.target_price} ${quote}` : t`Best market price`}</dd>
            <dt>{order.side === 'buy' && order.type === 'market' ? <Trans>Spend</Trans> : <Trans>Amount</Trans>}</dt>
            <dd>
              {order.amount} {order.side === 'buy' && order.type === 'market' ? quote : base}
            </dd>
            {total && (!market || !fill) && (
              <>
                <dt>{total.approximate ? <Trans>Estimated total</Trans> : <Trans>Total</Trans>}</dt>
                <dd>
                  {total.approximate ? '≈ ' : ''}
                  {total.value} {total.unit === 'quote' ? quote : base}
                </dd>
              </>
            )}
            {market && <FillRows fill={fill} base={base} quote={quote} rules={rules} />}
            <TermsRows feeRate={rules.fee_rate} maker={book?.maker} />
          </dl>
          {market && <SlippagePicker choice={slippage.choice} custom={slippage.custom} onChange={slippage.set} />}
          {market && <SlippageNote fill={fill} limit={slippage.limit} />}
          <label className={styles.switchRow}>
            <span>
              <Trans>Don't ask again</Trans>
            </span>
            <Switch checked={skip} onChange={setSkip} aria-label={t`Don't ask again`} />
          </label>
          <div className={confirmStyles.buttons}>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="primary" disabled={blocked} onClick={() => onConfirm(skip)}>
              <Trans>Confirm</Trans>
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

/** Why a market order cannot go as it is, or that part of it may not fill. */
function SlippageNote({ fill, limit }: { fill: FillEstimate | null; limit: string | null }) {
  if (limit === null) {
    return (
      <p className={styles.warning} role="alert">
        <Trans>Enter a slippage limit above 0% and at most 50%.</Trans>
      </p>
    );
  }
  if (fill && !withinLimit(fill, limit)) {
    const slippage = fill.slippage;
    return (
      <p className={styles.warning} role="alert">
        <Trans>
          The estimated fill is {slippage}% worse than the last price, above your {limit}% limit. Raise the limit or
          lower the amount.
        </Trans>
      </p>
    );
  }
  if (fill && !fill.complete) {
    return (
      <p className={styles.warning}>
        <Trans>The book shown cannot fill all of this order; what it cannot fill is cancelled.</Trans>
      </p>
    );
  }
  return null;
}
