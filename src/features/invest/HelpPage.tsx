import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { quote } from './model/terms';
import styles from './components/invest.module.css';

// The worked example is computed with the same formula the server settles with.
const EXAMPLE = { price_per_share: '0.01', linked_price: '100000', holding_days: 7, apr: '0.365' };

/** `invest/help`: how dual invest works, the settlement formula and a worked example. */
export function HelpPage() {
  const { t } = useLingui();
  const ex = quote(EXAMPLE, 10);
  return (
    <div className={styles.page}>
      <NavBar title={t`Instructions`} />
      <div className={styles.help}>
        <p className={styles.notice} style={{ margin: 0 }}>
          <Trans>
            Dual investment is not capital protected: what you receive can be worth less than what you invested.
          </Trans>
        </p>
        <h2>
          <Trans>How it works</Trans>
        </h2>
        <p>
          <Trans>
            Each product is "sell high" on a coin against USDT. You buy whole shares; the amount invested is the number
            of shares times the price per share, in the coin, and is held in your exchange account until maturity. The
            annualized rate, the linked price, the holding days and the maturity date are fixed when you buy.
          </Trans>
        </p>
        <h2>
          <Trans>Settlement at maturity</Trans>
        </h2>
        <p>
          <Trans>
            The settlement price is the market feed's price recorded at the maturity time; your order shows it with its
            time and source.
          </Trans>
        </p>
        <p className={styles.formula}>
          <Trans>Below the linked price: paid in the coin = amount × (1 + days × APR / 365)</Trans>
        </p>
        <p className={styles.formula}>
          <Trans>At or above the linked price: paid in USDT = amount × linked price × (1 + days × APR / 365)</Trans>
        </p>
        <p>
          <Trans>
            Payouts are rounded down to 8 decimals. If no price was recorded within a few seconds before maturity, the
            order fails and your principal is returned; no price is ever guessed.
          </Trans>
        </p>
        <h2>
          <Trans>Worked example</Trans>
        </h2>
        <p data-testid="help-example">
          <Trans>
            10 shares at 0.01 BTC = {ex.amount} BTC invested, linked price 100,000 USDT, 7 days at 36.5% a year: 1 + 7 ×
            0.365 / 365 = 1.007. If BTC settles at 99,000, you receive {ex.coin} BTC. If it settles at 100,000 or above,
            you receive {ex.usdt} USDT.
          </Trans>
        </p>
      </div>
    </div>
  );
}
