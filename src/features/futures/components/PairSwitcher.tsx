import { Trans, useLingui } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { PairSwitcher as PairSheet } from '@/components/PairSwitcher/PairSwitcher';

interface PairSwitcherProps {
  open: boolean;
  pairs: readonly PairQuote[];
  current: string;
  onPick: (pair: PairQuote) => void;
  onClose: () => void;
  /** Offers "All pairs" first (the orders filter). */
  onAll?: () => void;
}

const matches = (p: PairQuote, needle: string) =>
  !needle || p.symbol.toLowerCase().includes(needle) || p.currency_name.toLowerCase().includes(needle);

/** A sheet of the futures pairs with search; picking one trades it. */
export function PairSwitcher({ open, pairs, current, onPick, onClose, onAll }: PairSwitcherProps) {
  const { t } = useLingui();
  return (
    <PairSheet
      open={open}
      current={current}
      pairsFor={(search) => pairs.filter((p) => matches(p, search.trim().toLowerCase()))}
      empty={() => <Trans>No pairs found.</Trans>}
      label={t`Choose a futures pair`}
      searchLabel={t`Search pairs`}
      all={onAll && { label: <Trans>All pairs</Trans>, onPick: onAll }}
      onPick={onPick}
      onClose={onClose}
    />
  );
}
