import { Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { SLIPPAGE_PRESETS, type MakerTerms } from '@contract/trade';
import { bpsPercent, ratePercent, type FillEstimate, type SlippageChoice } from '../model/fill';
import { formatMoney, formatNumber, formatQuantity } from '@/lib/format';
import styles from './trade.module.css';

/** The published terms the order trades under: the fee (zero, as advertised) and the maker's spread. */
export function TermsRows({ feeRate, maker }: { feeRate: string; maker: MakerTerms | undefined }) {
  const { t } = useLingui();
  const fee = ratePercent(feeRate);
  const spread = maker ? bpsPercent(maker.spread_bps) : '';
  return (
    <>
      <dt>
        <Trans>Trading fee</Trans>
      </dt>
      <dd data-testid="confirm-fee">{fee === '0' ? t`${fee}% (no fee)` : `${fee}%`}</dd>
      <dt>
        <Trans>Market maker spread</Trans>
      </dt>
      <dd data-testid="confirm-spread">
        {!maker
          ? t`No market maker on this pair`
          : maker.active
            ? t`${spread}% between its best bid and ask`
            : t`Not quoting now`}
      </dd>
    </>
  );
}

interface FillRowsProps {
  fill: FillEstimate | null;
  base: string;
  quote: string;
  rules: { lot_size: string; price_decimals: number };
}

/** A market order's estimated fill on the real book: average price, quantity, total and slippage. */
export function FillRows({ fill, base, quote, rules }: FillRowsProps) {
  if (!fill) {
    return (
      <>
        <dt>
          <Trans>Estimated fill</Trans>
        </dt>
        <dd>
          <Trans>No orders on the book to fill against now</Trans>
        </dd>
      </>
    );
  }
  return (
    <>
      <dt>
        <Trans>Estimated average price</Trans>
      </dt>
      <dd data-testid="confirm-average">
        ≈ {formatNumber(fill.average, rules.price_decimals)} {quote}
      </dd>
      <dt>
        <Trans>Estimated fill</Trans>
      </dt>
      <dd>
        ≈ {formatQuantity(fill.filled, rules.lot_size)} {base} · {formatMoney(fill.total, quote)} {quote}
      </dd>
      <dt>
        <Trans>Estimated slippage</Trans>
      </dt>
      <dd data-testid="confirm-slippage">{fill.slippage}%</dd>
    </>
  );
}

interface SlippagePickerProps {
  choice: SlippageChoice;
  custom: string;
  onChange: (choice: SlippageChoice, custom: string) => void;
}

/** The most the fill may average worse than the last price: a preset or a custom percentage. */
export function SlippagePicker({ choice, custom, onChange }: SlippagePickerProps) {
  const { t } = useLingui();
  return (
    <div className={styles.slippage} role="group" aria-label={t`Slippage limit`}>
      <span>
        <Trans>Slippage limit</Trans>
      </span>
      <div className={styles.slippageChoices}>
        {SLIPPAGE_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={choice === p ? styles.slippageOn : styles.slippageOff}
            aria-pressed={choice === p}
            onClick={() => onChange(p, custom)}
          >
            {p}%
          </button>
        ))}
        <Input
          className={choice === 'custom' ? styles.slippageInputOn : styles.slippageInput}
          value={custom}
          inputMode="decimal"
          placeholder={t`Custom %`}
          aria-label={t`Custom slippage limit in percent`}
          onFocus={() => onChange('custom', custom)}
          onChange={(v) => onChange('custom', v)}
        />
      </div>
    </div>
  );
}
