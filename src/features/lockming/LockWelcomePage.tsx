import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { pages, useGo } from '@/lib/nav';
import styles from './components/lockming.module.css';

/** `lockming/welcome`: the rules of lock mining in plain words. */
export function LockWelcomePage() {
  const { t } = useLingui();
  const go = useGo();
  return (
    <div className={styles.page}>
      <NavBar title={t`About lock mining`} />
      <article className={styles.welcome}>
        <h2>
          <Trans>How it works</Trans>
        </h2>
        <ol>
          <li>
            <Trans>
              Choose a product and lock at least its minimum amount. The amount is held in your exchange account for the
              product&apos;s lock days.
            </Trans>
          </li>
          <li>
            <Trans>
              Interest starts the day after you lock. Each day (UTC) has its own rate inside the product&apos;s daily
              yield range, published the day before, so you can see today&apos;s and tomorrow&apos;s rate before you
              lock. A day without a published rate pays the lowest rate of the range.
            </Trans>
          </li>
          <li>
            <Trans>Each day&apos;s interest is paid to your exchange account once the day has ended.</Trans>
          </li>
          <li>
            <Trans>When the lock days are over, the principal returns to your exchange account.</Trans>
          </li>
        </ol>
        <h2>
          <Trans>Redeeming early</Trans>
        </h2>
        <p>
          <Trans>
            You can redeem at any time. The penalty is the penalty ratio x the whole days left to the end date x the
            amount, taken from the principal; the rest comes back at once. Interest already paid is kept; the current
            day&apos;s interest is not paid.
          </Trans>
        </p>
        <h2>
          <Trans>Example</Trans>
        </h2>
        <p>
          <Trans>
            10,000 USDT locked for 5 days at 0.3%-0.4% a day earns 150-200 USDT. Redeeming 1,000 USDT with 3 days left
            at a penalty ratio of 0.4% costs 12 USDT and refunds 988 USDT.
          </Trans>
        </p>
      </article>
      <div className={styles.actions}>
        <Button block color="primary" onClick={() => go(pages.lockming.lockming)} data-testid="see-products">
          <Trans>See the products</Trans>
        </Button>
      </div>
    </div>
  );
}
