import { Trans } from '@lingui/react/macro';
import { minimumOf, type WithdrawTerms } from '../model/withdraw';
import styles from './wallet.module.css';

interface WithdrawFiguresProps {
  coin: string;
  terms: WithdrawTerms | undefined;
  /** What arrives after the fee; null until an amount is typed. */
  received: string | null;
  arrival: string;
}

/** The fee, minimum, amount received and arrival time of a withdrawal. */
export function WithdrawFigures({ coin, terms, received, arrival }: WithdrawFiguresProps) {
  return (
    <dl className={styles.summary}>
      <dt>
        <Trans>Fee</Trans>
      </dt>
      <dd>{terms ? `${terms.fee} ${coin}` : '--'}</dd>
      <dt>
        <Trans>Minimum</Trans>
      </dt>
      <dd>{terms ? `${minimumOf(terms)} ${coin}` : '--'}</dd>
      <dt>
        <Trans>You receive</Trans>
      </dt>
      <dd data-testid="withdraw-received">{received ? `${received} ${coin}` : '--'}</dd>
      <dt>
        <Trans>Arrival</Trans>
      </dt>
      <dd>{arrival}</dd>
    </dl>
  );
}
