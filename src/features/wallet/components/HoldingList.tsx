import { ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { Decimal } from 'decimal.js';
import { formatMoney, toDecimal } from '@/lib/format';
import { masked } from '../model/accounts';
import type { HoldingRow } from '../model/wallet';
import styles from './wallet.module.css';

interface HoldingListProps {
  holdings: HoldingRow[];
  /** Units of the display fiat per USDT. */
  rate: string;
  code: string;
  hidden: boolean;
}

/** Each currency of an account: available, held for pending withdrawals or orders, fiat value. */
export function HoldingList({ holdings, rate, code, hidden }: HoldingListProps) {
  const { t } = useLingui();
  if (holdings.length === 0) return <ErrorBlock status="empty" title={t`No currencies to show`} description="" />;
  const r = toDecimal(rate) ?? new Decimal(1);
  return (
    <ul className={styles.holdings}>
      {holdings.map((h) => (
        <li key={h.currencyId} className={styles.holding} data-testid={`holding-${h.currency}`}>
          <div className={styles.holdingHead}>
            <span className={styles.coin}>{h.currency}</span>
            <span className={styles.muted}>
              ≈ {masked(`${formatMoney(r.times(toDecimal(h.usdt) ?? 0), code)} ${code}`, hidden)}
            </span>
          </div>
          <div className={styles.holdingGrid}>
            <span className={styles.muted}>
              <Trans>Available</Trans>
            </span>
            <span className={styles.muted}>
              <Trans>On hold</Trans>
            </span>
            <span>{masked(formatMoney(h.available, h.currency), hidden)}</span>
            <span>{masked(formatMoney(h.held, h.currency), hidden)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
