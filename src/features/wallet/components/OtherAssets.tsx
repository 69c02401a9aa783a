import { DotLoading } from 'antd-mobile';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { Holding, HoldingPart } from '@contract/wallet';
import { BCP47 } from '@contract/domain/locales';
import { formatDateTime, formatMoney, trend } from '@/lib/format';
import { languageAtom } from '@/lib/state';
import type { GoTo } from '@/lib/nav';
import type { CachedQuery } from '../hooks/useCachedQuery';
import { PART_LABELS, PRODUCT_LABELS, productTarget, type HoldingsReply } from '../model/holdings';
import styles from './OtherAssets.module.css';

interface Props {
  holdings: CachedQuery<HoldingsReply>;
  show: (text: string) => string;
  onNavigate: (to: GoTo) => void;
}

/** USDT values with USDT's display precision. */
const usdt = (value: string) => formatMoney(value, 'USDT');

/**
 * The overview's products beside the four accounts (SPEC.md section 2: futures, deposit, mining,
 * stock, margin), each with what the user holds in it at the feed's prices; a product never used
 * says so and leads to its page. Read from the offline cache first; the time of its prices shows
 * how old it is.
 */
export function OtherAssets({ holdings, show, onNavigate }: Props) {
  const locale = useAtomValue(languageAtom);
  // Offline, the priced-at time says how old the cached figures are.
  const { value, ready, stale } = holdings;
  return (
    <section className={styles.card} aria-labelledby="other-assets">
      <h2 id="other-assets" className={styles.title}>
        <Trans>Other assets</Trans>
      </h2>
      {value ? (
        <>
          <div className={styles.note} data-testid="holdings-priced-at">
            <Trans>Valued at market prices of {formatDateTime(value.priced_at, BCP47[locale])}</Trans>
          </div>
          <ul className={styles.list}>
            {value.holdings.map((h) => (
              <ProductRow key={h.key} holding={h} show={show} onNavigate={onNavigate} />
            ))}
          </ul>
        </>
      ) : ready && stale ? (
        <div className={styles.note}>
          <Trans>Product holdings are not available offline yet.</Trans>
        </div>
      ) : (
        <div className={styles.loading}>
          <DotLoading color="primary" />
        </div>
      )}
    </section>
  );
}

function ProductRow({
  holding: h,
  show,
  onNavigate,
}: {
  holding: Holding;
  show: Props['show'];
  onNavigate: Props['onNavigate'];
}) {
  const { i18n } = useLingui();
  const target = productTarget(h.key, h.used);
  const name = i18n._(PRODUCT_LABELS[h.key]);
  // Held, but the feed prices none of it: a value of 0 would be a figure nobody measured.
  const unpriced = h.parts.length > 0 && h.parts.every((p) => p.usdt_value === null);
  const head = (
    <>
      <span className={styles.name}>{name}</span>
      {!h.offered ? (
        <span className={styles.muted}>
          <Trans>Not offered on this exchange</Trans>
        </span>
      ) : h.used && unpriced ? (
        <span className={styles.muted}>
          <Trans>no price</Trans>
        </span>
      ) : h.used ? (
        <span className={styles.value}>{show(usdt(h.usdt_value))} USDT</span>
      ) : (
        <span className={styles.muted}>
          <Trans>Not used yet · Start</Trans>
        </span>
      )}
      {target && <RightOutline className={styles.chevron} />}
    </>
  );
  return (
    <li data-testid={`other-${h.key}`}>
      {target ? (
        <button type="button" className={styles.head} onClick={() => onNavigate(target)}>
          {head}
        </button>
      ) : (
        <div className={styles.head}>{head}</div>
      )}
      {h.parts.length > 0 && (
        <dl className={styles.parts}>
          {h.parts.map((p) => (
            <PartRow key={`${p.key}-${p.currency_name}`} part={p} show={show} />
          ))}
        </dl>
      )}
    </li>
  );
}

function PartRow({ part: p, show }: { part: HoldingPart; show: Props['show'] }) {
  const { i18n } = useLingui();
  const isUsdt = p.currency_name === 'USDT';
  const sign = p.key === 'pnl' && trend(p.amount) === 'up' ? '+' : '';
  const tone = p.key === 'pnl' ? styles[trend(p.amount)] : undefined;
  return (
    <div className={styles.part} data-testid={`part-${p.key}`}>
      <dt>{i18n._(PART_LABELS[p.key])}</dt>
      <dd className={tone}>
        {show(`${sign}${formatMoney(p.amount, p.currency_name)}`)} {p.currency_name}
        {!isUsdt && (
          <span className={styles.muted}>
            {' '}
            ≈ {p.usdt_value === null ? <Trans>no price</Trans> : `${show(usdt(p.usdt_value))} USDT`}
          </span>
        )}
      </dd>
    </div>
  );
}
