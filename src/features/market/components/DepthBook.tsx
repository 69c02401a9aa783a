import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { DepthSteps } from '@/components/DepthSteps';
import { depthSteps, groupLevels, stepDecimals } from '@/lib/depth';
import { topLevels, type Level } from '../model/depth';
import { DOWN, formatCompactText as formatCompact, fullPrice, UP } from '../model/display';
import styles from './pair.module.css';

function Side({
  rows,
  color,
  align,
  decimals,
}: {
  rows: ReturnType<typeof topLevels>['bids'];
  color: string;
  align: 'left' | 'right';
  decimals: number;
}) {
  return (
    <div>
      {rows.map((r) => (
        <div key={r.price} className={styles.level}>
          <i
            className={styles.bar}
            style={{ [align === 'left' ? 'right' : 'left']: 0, width: `${r.bar}%`, background: `${color}22` }}
          />
          {align === 'left' ? (
            <>
              <span>{formatCompact(r.amount)}</span>
              <span style={{ color }}>{fullPrice(r.price, decimals)}</span>
            </>
          ) : (
            <>
              <span style={{ color }}>{fullPrice(r.price, decimals)}</span>
              <span>{formatCompact(r.amount)}</span>
            </>
          )}
        </div>
      ))}
    </div>
  );
}

/** The price grid of `decimals` places: "0.01" for 2, "1" for 0. */
const tickOf = (decimals: number) => (decimals > 0 ? `0.${'1'.padStart(decimals, '0')}` : '1');

/** The top levels of the book: bids left (best first), asks right (best first), grouped by a price step. */
export function DepthBook({ bids, asks, decimals }: { bids: Level[]; asks: Level[]; decimals: number }) {
  const steps = depthSteps(tickOf(decimals));
  const [chosen, setStep] = useState(steps[0]!);
  const step = steps.includes(chosen) ? chosen : steps[0]!;
  const top = topLevels(groupLevels(bids, step, 'bid'), groupLevels(asks, step, 'ask'));
  const shown = step === steps[0] ? decimals : stepDecimals(step);
  if (top.bids.length === 0 && top.asks.length === 0) {
    return (
      <p className={styles.muted}>
        <Trans>No orders in the book yet.</Trans>
      </p>
    );
  }
  return (
    <>
      <div className={styles.bookTools}>
        <DepthSteps steps={steps} value={step} onChange={setStep} />
      </div>
      <BookSides top={top} decimals={shown} />
    </>
  );
}

function BookSides({ top, decimals }: { top: ReturnType<typeof topLevels>; decimals: number }) {
  return (
    <div className={styles.book} data-testid="depth">
      <div>
        <div className={styles.bookHead}>
          <span>
            <Trans>Amount</Trans>
          </span>
          <span>
            <Trans>Bid</Trans>
          </span>
        </div>
        <Side rows={top.bids} color={UP} align="left" decimals={decimals} />
      </div>
      <div>
        <div className={styles.bookHead}>
          <span>
            <Trans>Ask</Trans>
          </span>
          <span>
            <Trans>Amount</Trans>
          </span>
        </div>
        <Side rows={top.asks} color={DOWN} align="right" decimals={decimals} />
      </div>
    </div>
  );
}
