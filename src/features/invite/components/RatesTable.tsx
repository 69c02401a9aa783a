import { Trans, useLingui } from '@lingui/react/macro';
import { activeBcp47 } from '@/lib/i18n';
import { percent, publishedRates } from '../model/rates';
import styles from './invite.module.css';

/** The published rebate rates: each generation's share of spot and futures fees. */
export function RatesTable() {
  const { t } = useLingui();
  const bcp47 = activeBcp47();
  return (
    <section className={styles.card} aria-labelledby="rebate-rates">
      <h3 id="rebate-rates">
        <Trans>Rebate rates</Trans>
      </h3>
      <table className={styles.rates} data-testid="rebate-rates">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Friends</Trans>
            </th>
            <th scope="col">
              <Trans>Spot fees</Trans>
            </th>
            <th scope="col">
              <Trans>Futures fees</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {publishedRates().map((r) => (
            <tr key={r.generation}>
              <td>{r.generation === 1 ? t`Invited by you` : t`Invited by your friends`}</td>
              <td>{percent(r.rate, bcp47)}</td>
              <td>{percent(r.rate, bcp47)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.note}>
        <Trans>
          Rebates are paid every hour to your spot account, in the currency of the fee, from the fees your friends paid
          in that hour.
        </Trans>
      </p>
    </section>
  );
}
