import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Loan, LoanEvent, LoanEventKind, LoanStatus } from '@contract/loans';
import { formatDateTime, formatMoney, formatPercent } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { fetchLoan } from '../api/loans';
import { gaugeFill, ltvLevel } from '../model/ltv';
import styles from './loans.module.css';

const STATUS: Record<LoanStatus, MessageDescriptor> = {
  open: msg`Open`,
  repaid: msg`Repaid`,
  liquidated: msg`Liquidated`,
};

const EVENT: Record<LoanEventKind, MessageDescriptor> = {
  borrow: msg`Borrowed`,
  repay: msg`Repaid`,
  add_collateral: msg`Collateral added`,
  margin_call: msg`Margin call`,
  liquidation: msg`Liquidated`,
};

interface LoanCardProps {
  loan: Loan;
  onRepay?: () => void;
  onAdd?: () => void;
}

/** One loan: its debt, the LTV gauge with its thresholds, actions and history on demand. */
export function LoanCard({ loan: l, onRepay, onAdd }: LoanCardProps) {
  const { t, i18n } = useLingui();
  const locale = activeBcp47();
  const coin = l.collateral_name;
  const level = ltvLevel(l.ltv, l.margin_call_ltv, l.liquidation_ltv);
  const [events, setEvents] = useState<LoanEvent[] | null | 'failed'>(null);
  const showHistory = () =>
    fetchLoan(l.id).then(
      (d) => setEvents(d.events),
      () => setEvents('failed'),
    );
  return (
    <li className={styles.card} data-testid={`loan-${l.id}`}>
      <div className={styles.cardHead}>
        <h3>{coin} → USDT</h3>
        <span>{i18n._(STATUS[l.status])}</span>
      </div>
      {l.status === 'open' && (
        <>
          <div
            className={styles.gauge}
            role="meter"
            aria-label={t`LTV`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(gaugeFill(l.ltv, l.liquidation_ltv))}
          >
            <span className={styles[level]} style={{ width: `${gaugeFill(l.ltv, l.liquidation_ltv)}%` }} />
          </div>
          <p className={styles.hint}>
            <Trans>
              LTV {formatPercent(l.ltv, { signed: false })} · margin call{' '}
              {formatPercent(l.margin_call_ltv, { signed: false })} · liquidation{' '}
              {formatPercent(l.liquidation_ltv, { signed: false })}
            </Trans>
          </p>
        </>
      )}
      <dl className={styles.figures}>
        <dt>
          <Trans>Debt</Trans>
        </dt>
        <dd data-testid="loan-debt">{formatMoney(l.debt, 'USDT')} USDT</dd>
        <dt>
          <Trans>Principal</Trans>
        </dt>
        <dd>{formatMoney(l.principal, 'USDT')} USDT</dd>
        <dt>
          <Trans>Interest due</Trans>
        </dt>
        <dd>{formatMoney(l.interest_due, 'USDT')} USDT</dd>
        <dt>
          <Trans>Collateral</Trans>
        </dt>
        <dd>
          {formatMoney(l.collateral, coin)} {coin}
        </dd>
        {l.liquidation_price && (
          <>
            <dt>
              <Trans>Liquidation at</Trans>
            </dt>
            <dd>{formatMoney(l.liquidation_price, 'USDT')} USDT</dd>
          </>
        )}
        <dt>
          <Trans>Due</Trans>
        </dt>
        <dd>
          {l.due_at === null ? t`Open term` : formatDateTime(l.due_at, locale)}
          {l.overdue ? ` · ${t`Overdue`}` : ''}
        </dd>
        {l.liquidation && (
          <>
            <dt>
              <Trans>Sold at</Trans>
            </dt>
            <dd>
              {formatMoney(l.liquidation.price, 'USDT')} USDT · {formatDateTime(l.liquidation.ts, locale)}
            </dd>
            <dt>
              <Trans>Returned</Trans>
            </dt>
            <dd>{formatMoney(l.liquidation.returned, 'USDT')} USDT</dd>
          </>
        )}
      </dl>
      <div className={styles.actions}>
        {onRepay && (
          <button type="button" onClick={onRepay} data-testid="loan-repay">
            <Trans>Repay</Trans>
          </button>
        )}
        {onAdd && (
          <button type="button" onClick={onAdd}>
            <Trans>Add collateral</Trans>
          </button>
        )}
        <button type="button" onClick={() => void showHistory()}>
          <Trans>History</Trans>
        </button>
      </div>
      <History events={events} coin={coin} />
    </li>
  );
}

function History({ events, coin }: { events: LoanEvent[] | null | 'failed'; coin: string }) {
  const { i18n } = useLingui();
  const locale = activeBcp47();
  if (events === 'failed') {
    return (
      <p className={styles.hint}>
        <Trans>The history could not be loaded.</Trans>
      </p>
    );
  }
  if (events === null) return null;
  return (
    <ul className={styles.history}>
      {events.map((e) => (
        <li key={e.id}>
          <span>{i18n._(EVENT[e.kind])}</span>
          <span>
            {e.amount !== null ? `${formatMoney(e.amount, e.kind === 'add_collateral' ? coin : 'USDT')} ` : ''}
            {formatDateTime(e.created_at, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}
