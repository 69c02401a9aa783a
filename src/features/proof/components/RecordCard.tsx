import { useLingui } from '@lingui/react/macro';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import type { RecordLeafView, SettlementRecordView } from '@contract/record';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { formatNumber } from '@/lib/format/number';
import { checkLeaf, fieldsOf, leavesOf, prevOf } from '../model/chain';
import styles from './proof.module.css';

export function useKindLabel() {
  const { t } = useLingui();
  return (kind: SettlementKind): string => {
    switch (kind) {
      case 'spot_fill':
        return t`Spot fill`;
      case 'seconds':
        return t`Seconds contract`;
      case 'futures_trigger':
        return t`Futures trigger`;
      case 'nft_auction':
        return t`NFT auction`;
      case 'nft_blind_box':
        return t`NFT blind box`;
      case 'lock_mining':
        return t`Lock mining`;
      case 'dual_invest':
        return t`Dual investment`;
    }
  };
}

/**
 * One record with every input it was decided from. Values are shown exactly as recorded (not
 * reformatted): they are what the hash covers and what a reader recomputes the outcome from.
 */
export function RecordCard({ record: r }: { record: SettlementRecordView }) {
  const { t } = useLingui();
  const kindLabel = useKindLabel();
  return (
    <li className={styles.card} data-testid={`record-${r.seq}`}>
      <h2>{t`Record ${r.seq}: ${kindLabel(r.kind)}`}</h2>
      <dl className={styles.facts}>
        {r.pair !== null && (
          <>
            <dt>{t`Pair`}</dt>
            <dd>{r.pair}</dd>
          </>
        )}
        <dt>{t`Decided`}</dt>
        <dd>{formatDateTime(r.at, activeBcp47())}</dd>
        {fieldsOf(r).map(([k, v]) => (
          <FieldRow key={k} name={k} value={v} />
        ))}
        <LeafCount record={r} />
        <dt>{t`Previous hash`}</dt>
        <dd className={styles.hash}>{prevOf(r)}</dd>
        <dt>{t`Hash`}</dt>
        <dd className={styles.hash}>{r.hash}</dd>
      </dl>
    </li>
  );
}

function LeafCount({ record }: { record: SettlementRecordView }) {
  const { t } = useLingui();
  const n = leavesOf(record);
  if (n === null) return null;
  const count = formatNumber(n, 0);
  return (
    <>
      <dt>{t`Settlements`}</dt>
      <dd>{t`${count}, each listed by its hash`}</dd>
    </>
  );
}

/**
 * One settlement of a record of many (an order of a settled batch): its own inputs and outcome,
 * its hash, and whether the record lists that hash at its place, checked here in the browser.
 */
export function LeafCard({ record, leaf }: { record: SettlementRecordView; leaf: RecordLeafView }) {
  const { t } = useLingui();
  const { fields, digest, listed } = checkLeaf(record, leaf);
  const entry = formatNumber(leaf.index + 1, 0);
  const { seq } = record;
  const { ref } = leaf;
  return (
    <li className={styles.card} data-testid="record-leaf">
      <h2>{t`Settlement ${ref}`}</h2>
      <p className={listed ? styles.pass : styles.fail} data-testid="record-leaf-check">
        {listed
          ? t`Listed in record ${seq} as entry ${entry}: its hash matches.`
          : t`Not listed in record ${seq}: its hash does not match entry ${entry}.`}
      </p>
      <dl className={styles.facts}>
        {fields.map(([k, v]) => (
          <FieldRow key={k} name={k} value={v} />
        ))}
        {digest !== null && (
          <>
            <dt>{t`Hash`}</dt>
            <dd className={styles.hash}>{digest}</dd>
          </>
        )}
      </dl>
    </li>
  );
}

function FieldRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>
        <code>{name}</code>
      </dt>
      <dd className={value.length > 40 ? styles.hash : undefined}>{value}</dd>
    </>
  );
}
