import { useLingui } from '@lingui/react/macro';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import type { SettlementRecordView } from '@contract/record';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { fieldsOf, prevOf } from '../model/chain';
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
        <dt>{t`Previous hash`}</dt>
        <dd className={styles.hash}>{prevOf(r)}</dd>
        <dt>{t`Hash`}</dt>
        <dd className={styles.hash}>{r.hash}</dd>
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
