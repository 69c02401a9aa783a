import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LoanQuote, LoanTerm, LoanTerms } from '@contract/loans';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { formatMoney, formatPercent } from '@/lib/format';
import styles from './loans.module.css';

interface BorrowSheetProps {
  open: boolean;
  terms: LoanTerms;
  quote: LoanQuote | null;
  term: LoanTerm;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Every figure of a loan before it is taken. */
export function BorrowSheet({ open, terms, quote: q, term, busy, onConfirm, onClose }: BorrowSheetProps) {
  const { t } = useLingui();
  const coin = terms.collateral_name;
  return (
    <ConfirmSheet
      open={open && q !== null}
      title={t`Confirm loan`}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
      confirmTestId="confirm-loan"
    >
      {q && (
        <dl className={confirm.confirmList}>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd data-testid="confirm-received">{formatMoney(q.received, 'USDT')} USDT</dd>
          <dt>
            <Trans>Collateral held</Trans>
          </dt>
          <dd>
            {formatMoney(q.collateral, coin)} {coin}
          </dd>
          <dt>
            <Trans>Term</Trans>
          </dt>
          <dd>{term === 0 ? t`Open` : t`${plural(term, { one: '# day', other: '# days' })}`}</dd>
          <dt>
            <Trans>Hourly interest rate</Trans>
          </dt>
          <dd>{formatPercent(terms.hourly_rate, { signed: false, decimals: 4 })}</dd>
          <dt>
            <Trans>Interest per day</Trans>
          </dt>
          <dd data-testid="confirm-daily">{formatMoney(q.daily_interest, 'USDT')} USDT</dd>
          <dt>
            <Trans>{coin} price</Trans>
          </dt>
          <dd>{formatMoney(q.price, 'USDT')} USDT</dd>
          <dt>
            <Trans>LTV now</Trans>
          </dt>
          <dd data-testid="confirm-ltv">{formatPercent(q.ltv, { signed: false })}</dd>
          <dt>
            <Trans>Margin call at</Trans>
          </dt>
          <dd>
            {formatMoney(q.margin_call_price, 'USDT')} USDT ({formatPercent(terms.margin_call_ltv, { signed: false })})
          </dd>
          <dt>
            <Trans>Liquidation at</Trans>
          </dt>
          <dd data-testid="confirm-liquidation">
            {formatMoney(q.liquidation_price, 'USDT')} USDT ({formatPercent(terms.liquidation_ltv, { signed: false })})
          </dd>
        </dl>
      )}
      <p className={styles.rule}>
        <Trans>
          Interest is charged for every started hour on the principal. Repayments pay the interest first. If the {coin}{' '}
          price falls to the liquidation price, the whole collateral is sold at the market price, the debt is paid from
          it and the rest is returned to your exchange account in USDT.
        </Trans>
      </p>
    </ConfirmSheet>
  );
}
