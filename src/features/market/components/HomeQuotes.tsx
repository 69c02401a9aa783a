import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useOnline } from '@/components/OfflineBanner';
import { fiatAtom } from '@/lib/state';
import { HOME_PAIRS, useHomeQuotes } from '../state/homeQuotes';
import { AsOf } from './Notes';
import { QuoteRow } from './QuoteRow';
import styles from './quoteRow.module.css';

/**
 * Home's live quotes: the main pairs, tap to open one, "more" to the market tab. Home's own demo
 * notice already says the data is simulated.
 */
export function HomeQuotes({ onOpen, onMore }: { onOpen: (symbol: string) => void; onMore: () => void }) {
  const { quotes, savedAt, failed } = useHomeQuotes();
  const fiat = useAtomValue(fiatAtom);
  const online = useOnline();
  return (
    <section className={styles.home} data-testid="home-quotes">
      <div className={styles.homeHead}>
        <h2 className={styles.homeTitle}>
          <Trans>Quotes</Trans>
        </h2>
        <button type="button" className={styles.more} onClick={onMore}>
          <Trans>More</Trans>
          <RightOutline />
        </button>
      </div>
      {(!online || failed) && savedAt > 0 && (
        <div className={styles.notes} style={{ padding: '0 16px 4px' }}>
          <AsOf time={savedAt} />
        </div>
      )}
      {quotes === undefined ? (
        Array.from({ length: HOME_PAIRS }, (_, i) => <div key={i} className={styles.skeleton} />)
      ) : quotes.length === 0 ? (
        <p className={styles.empty}>
          <Trans>Quotes will appear when the network is back.</Trans>
        </p>
      ) : (
        <ul className={styles.list}>
          {quotes.map((q) => (
            <QuoteRow key={q.symbol} quote={q} fiat={fiat} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}
