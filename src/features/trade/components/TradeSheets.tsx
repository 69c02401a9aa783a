import type { MakerTerms, PairRules } from '@contract/trade';
import type { Level } from '../model/book';
import type { usePlacing } from '../state/placing';
import { ConditionalConfirm } from './ConditionalConfirm';
import { ConfirmSheet } from './ConfirmSheet';

interface TradeSheetsProps {
  placing: ReturnType<typeof usePlacing>;
  symbol: string;
  /** The pair's two currencies, and the one a buy holds (the quote, or USDT for a stock). */
  names: { base: string; quote: string; settleName: string };
  rules: Pick<PairRules, 'fee_rate' | 'tick_size' | 'lot_size'> & { price_decimals: number };
  book: { bids: Level[]; asks: Level[]; maker?: MakerTerms | undefined } | null;
  last: string | undefined;
}

/** The confirmations of the trade screen: a plain order's, and a stop order's. */
export function TradeSheets({ placing, symbol, names, rules, book, last }: TradeSheetsProps) {
  const { step, stops, slippage, send } = placing;
  const { base, quote, settleName } = names;
  return (
    <>
      <ConditionalConfirm
        order={stops.pending?.order ?? null}
        preview={stops.pending?.preview ?? null}
        symbol={symbol}
        settleName={settleName}
        units={{ base, quote, tick: rules.tick_size, lot: rules.lot_size }}
        feeRate={rules.fee_rate}
        maker={book?.maker}
        busy={stops.busy}
        onConfirm={stops.confirm}
        onClose={stops.close}
      />
      <ConfirmSheet
        order={step.pending}
        symbol={symbol}
        base={base}
        quote={quote}
        rules={rules}
        book={book}
        last={last}
        slippage={slippage}
        onClose={step.close}
        onConfirm={(skip) => step.confirm(skip, send)}
      />
    </>
  );
}
