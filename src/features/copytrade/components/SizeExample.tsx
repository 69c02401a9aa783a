import { Trans } from '@lingui/react/macro';
import { FOLLOW_TYPES } from '@contract/copytrade';
import { copySize } from '../model/copySize';
import type { FollowDraft } from '../model/form';
import styles from './copytrade.module.css';

/** Trader lots of the example (the spec's "trader opens 3 lots"). */
const TRADER_LOTS = 3;

/**
 * What one of the trader's opens becomes under the settings typed: the ratio rounded to two
 * decimals (SPEC.md section 5), then whole futures lots, rounded down, as the server opens them.
 */
export function SizeExample({ draft, name }: { draft: FollowDraft; name: string }) {
  const valid = /^\d+(\.\d+)?$/.test(draft.number) && Number(draft.number) > 0;
  if (!valid) return null;
  const size = copySize(TRADER_LOTS, draft.type, draft.number);
  const ratio = size.ratio?.toFixed() ?? '';
  const exact = size.exact.toFixed();
  const lots = size.lots;
  return (
    <div className={styles.example} data-testid="size-example">
      {draft.type === FOLLOW_TYPES.lots ? (
        <Trans>
          Example: {name} opens {TRADER_LOTS} lots → you open <strong>{lots} lots</strong>, whatever {name} opens.
        </Trans>
      ) : lots === 0 ? (
        <Trans>
          Example: {name} opens {TRADER_LOTS} lots → {TRADER_LOTS} × {ratio} = {exact} lots → less than one lot, so the
          copy is <strong>skipped</strong>.
        </Trans>
      ) : size.exact.isInteger() ? (
        <Trans>
          Example: {name} opens {TRADER_LOTS} lots → {TRADER_LOTS} × {ratio} = <strong>{exact} lots</strong> for you.
        </Trans>
      ) : (
        <Trans>
          Example: {name} opens {TRADER_LOTS} lots → {TRADER_LOTS} × {ratio} = {exact} lots → futures trade whole lots,
          so you open <strong>{lots} lots</strong>.
        </Trans>
      )}
    </div>
  );
}
