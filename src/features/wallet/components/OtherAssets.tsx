import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { formatGrouped } from '@/lib/format';
import styles from './wallet.module.css';

/**
 * The overview's figures of products that have no accounts yet (SPEC's assets overview lists
 * them): shown by name at zero until each feature lands, so the section is never missing.
 */
const NOT_OPEN: { key: string; label: MessageDescriptor }[] = [
  { key: 'futures', label: msg`Futures` },
  { key: 'deposit', label: msg`Fixed deposit` },
  { key: 'mining', label: msg`Mining` },
  { key: 'stock', label: msg`Stocks` },
  { key: 'margin', label: msg`Margin` },
];

export function OtherAssets({ show }: { show: (text: string) => string }) {
  const { i18n } = useLingui();
  return (
    <section className={styles.card} aria-labelledby="other-assets">
      <h2 id="other-assets" className={styles.sheetTitle}>
        <Trans>Other assets</Trans>
      </h2>
      <dl className={styles.summary}>
        {NOT_OPEN.map(({ key, label }) => (
          <div key={key} style={{ display: 'contents' }} data-testid={`other-${key}`}>
            <dt>
              {i18n._(label)}{' '}
              <span className={styles.muted}>
                · <Trans>not open yet</Trans>
              </span>
            </dt>
            <dd>{show(formatGrouped(0, 4))} USDT</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
