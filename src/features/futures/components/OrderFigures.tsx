import { Trans } from '@lingui/react/macro';
import { currencyDecimals, formatMoney, formatPrice, formatSpendable } from '@/lib/format';
import type { OpenEstimate } from '../model/math';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface OrderFiguresProps {
  estimate: OpenEstimate | null;
  settle: string;
  priceDecimals: number;
  /** Available in the lever account; undefined until known. */
  balance: string | undefined;
  signedIn: boolean;
}

/** What the order costs (margin, fee), where it is liquidated, and what is available for it. */
export function OrderFigures({ estimate, settle, priceDecimals, balance, signedIn }: OrderFiguresProps) {
  const money = (v: { toFixed(): string } | undefined) => (v ? `${formatMoney(v, settle)} ${settle}` : '--');
  return (
    <div className={styles.figuresBox}>
      <div className={`${styles.line} ${fieldStyles.line}`}>
        <span>
          <Trans>Margin</Trans>
        </span>
        <span data-testid="margin">{money(estimate?.margin)}</span>
      </div>
      <div className={`${styles.line} ${fieldStyles.line}`}>
        <span>
          <Trans>Fee</Trans>
        </span>
        <span data-testid="fee">{money(estimate?.fee)}</span>
      </div>
      <div className={`${styles.line} ${fieldStyles.line}`}>
        <span>
          <Trans>Liq. price</Trans>
        </span>
        <span data-testid="liquidation">{estimate ? formatPrice(estimate.liquidation, priceDecimals) : '--'}</span>
      </div>
      <div className={`${styles.line} ${fieldStyles.line}`}>
        <span>
          <Trans>Available</Trans>
        </span>
        <span data-testid="available">
          {signedIn && balance !== undefined ? `${formatSpendable(balance, currencyDecimals(settle))} ${settle}` : '--'}
        </span>
      </div>
    </div>
  );
}
