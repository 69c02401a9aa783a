import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney } from '@/lib/format';
import { useFiatRates } from '../hooks/useFiatRates';
import { fiatLines } from '../model/fiatList';
import type { WalletListReply } from '../model/wallet';
import styles from './wallet.module.css';

export interface FiatListProps {
  reply: WalletListReply;
  /** The overview's total (accounts and products) in USDT and in the chosen fiat. */
  total: { usdt: string; fiat: string };
  show: (text: string) => string;
}

/**
 * The overview's fiat list (SPEC.md section 2): the total in each kept fiat currency. The rate
 * table's source and date are the ones shown under the headline total.
 */
export function FiatList({ reply, total, show }: FiatListProps) {
  const { t } = useLingui();
  const { value: table } = useFiatRates();
  const lines = fiatLines(total.usdt, table?.rates, { currency_code: reply.fiat.currency_code, total: total.fiat });
  return (
    <section className={styles.card} aria-labelledby="fiat-list">
      <h2 id="fiat-list" className={styles.sheetTitle}>
        <Trans>Total in each currency</Trans>
      </h2>
      <dl className={styles.summary}>
        {lines.map(({ code, total, chosen }) => (
          <div key={code} style={{ display: 'contents' }} data-testid={`fiat-${code}`}>
            <dt>
              {code}
              {chosen && <span className={styles.muted}> · {t`shown above`}</span>}
            </dt>
            <dd>{show(formatMoney(total, code))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
