import { useLingui } from '@lingui/react/macro';
import { formatMoney, formatPrice, formatQuantity, formatRate } from '@/lib/format';
import { percentRatio, type StopPreview } from '../model/conditional';

export interface PreviewUnits {
  base: string;
  quote: string;
  tick: string;
  lot: string;
}

/** The figures of a preview in the user's locale, each with its currency. */
function useFigures(p: StopPreview, u: PreviewUnits) {
  const price = (v: string) => `${formatPrice(v, u.tick)} ${u.quote}`;
  const amount =
    p.amountIn === 'quote'
      ? `${formatMoney(p.amount, u.quote)} ${u.quote}`
      : `${formatQuantity(p.amount, u.lot)} ${u.base}`;
  const distance = !p.trail
    ? ''
    : p.trail.mode === 'percent'
      ? formatRate(percentRatio(p.trail.value))
      : price(p.trail.value);
  return {
    trigger: price(p.trigger),
    price: p.price ? price(p.price) : '',
    limit: p.limit ? price(p.limit) : '',
    amount,
    distance,
  };
}

/** What happens at the trigger (an OCO's limit leg now, and its stop leg there), per kind and side. */
export function usePreviewSentence(p: StopPreview, units: PreviewUnits): string {
  const { t } = useLingui();
  const { trigger, price, limit, amount, distance } = useFigures(p, units);
  const buy = p.side === 'buy';
  switch (p.kind) {
    case 'stop_limit':
      return buy
        ? t`When the last price reaches ≥ ${trigger}, a limit buy of ${amount} at ${price} is placed.`
        : t`When the last price reaches ≤ ${trigger}, a limit sell of ${amount} at ${price} is placed.`;
    case 'stop_market':
      return buy
        ? t`When the last price reaches ≥ ${trigger}, a market buy spending ${amount} is placed.`
        : t`When the last price reaches ≤ ${trigger}, a market sell of ${amount} is placed.`;
    case 'trailing_stop':
      return buy
        ? t`The trigger stays ${distance} above the lowest price since placing, now ≥ ${trigger}. When the last price reaches it, a market buy spending ${amount} is placed.`
        : t`The trigger stays ${distance} below the highest price since placing, now ≤ ${trigger}. When the last price reaches it, a market sell of ${amount} is placed.`;
    case 'oco':
      return buy
        ? t`A limit buy of ${amount} at ${limit} rests on the book now. If the last price reaches ≥ ${trigger}, a limit buy at ${price} is placed. Whichever fills or triggers first cancels the other.`
        : t`A limit sell of ${amount} at ${limit} rests on the book now. If the last price reaches ≤ ${trigger}, a limit sell at ${price} is placed. Whichever fills or triggers first cancels the other.`;
  }
}

/** The preview under the form and in the confirmation. */
export function StopPreviewText({
  preview,
  units,
  className,
}: {
  preview: StopPreview;
  units: PreviewUnits;
  className?: string;
}) {
  const sentence = usePreviewSentence(preview, units);
  return (
    <p className={className} data-testid="stop-preview">
      {sentence}
    </p>
  );
}
