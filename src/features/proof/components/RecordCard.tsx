import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { RecordValue, SettlementKind } from '@contract/domain/settlement-chain';
import type { Recheck } from '@contract/domain/settlement-outcomes';
import type { RecordLeafView, SettlementRecordView } from '@contract/record';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { formatNumber } from '@/lib/format/number';
import { checkLeaf, fieldsOf, isTimeField, leavesOf, prevOf, recheckOf, text, type Field } from '../model/chain';
import { LeavesList } from './LeavesList';
import { TickLinks } from './TickLinks';
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
      case 'futures_close':
        return t`Futures close`;
      case 'nft_auction':
        return t`NFT auction`;
      case 'nft_forfeit':
        return t`NFT payment missed`;
      case 'nft_blind_box':
        return t`NFT blind box`;
      case 'lock_mining':
        return t`Lock mining`;
      case 'dual_invest':
        return t`Dual investment`;
    }
  };
}

/** How the outcome of a kind follows from its fields, for the kinds the page recomputes. */
function useRuleOf() {
  const { t } = useLingui();
  return (kind: SettlementKind): string | null => {
    switch (kind) {
      case 'nft_auction':
        return t`The last bid wins at its price. The winner pays it less the margin held, within the payment window. No bids: no sale.`;
      case 'nft_forfeit':
        return t`The winner did not pay by the deadline: the whole margin they held goes to the house and the artwork goes back to its seller's listing.`;
      case 'nft_blind_box':
        return t`The SHA-256 of the box code, content and salt must equal the commitment published before the sale.`;
      case 'lock_mining':
        return t`Each day pays principal × rate, rounded down to 8 decimals. The rate is the one published for the day, kept within the range; the minimum if none was.`;
      case 'dual_invest':
        return t`Below the linked price: amount × (1 + days × APR / 365) in the coin. At or above: that × linked price in USDT. No price within the limit: failed, amount returned.`;
      case 'futures_trigger':
      case 'futures_close':
        return t`Profit: (price − entry) × quantity for a long, the reverse for a short, rounded down to 8 decimals, no lower than minus the margin. Close fee: price × quantity × fee rate, at most what is left. The rest is returned; on a liquidation it goes to the insurance fund.`;
      case 'spot_fill':
      case 'seconds':
        return null;
    }
  };
}

/** The verdict of recomputing an outcome here from its recorded inputs. */
function RecheckLine({ recheck, kind }: { recheck: Recheck | null; kind: SettlementKind }) {
  const { t } = useLingui();
  const rule = useRuleOf()(kind);
  if (!recheck) return null;
  const fields = recheck.mismatches.join(', ');
  return (
    <>
      {rule && <p className={styles.rule}>{rule}</p>}
      <p className={recheck.ok ? styles.pass : styles.fail} data-testid="record-recheck" data-ok={recheck.ok}>
        {recheck.ok
          ? t`Recomputed here from these inputs: the outcome matches.`
          : t`Recomputed here from these inputs, it differs at: ${fields}.`}
      </p>
    </>
  );
}

/**
 * One record with every input it was decided from. Values are shown exactly as recorded (not
 * reformatted): they are what the hash covers and what a reader recomputes the outcome from.
 */
export function RecordCard({ record: r, leavesOpen = false }: { record: SettlementRecordView; leavesOpen?: boolean }) {
  const { t } = useLingui();
  const kindLabel = useKindLabel();
  const fields = fieldsOf(r);
  const leaves = leavesOf(r);
  return (
    <li className={styles.card} data-testid={`record-${r.seq}`}>
      <h2>{t`Record ${r.seq}: ${kindLabel(r.kind)}`}</h2>
      <RecheckLine recheck={recheckOf(r)} kind={r.kind} />
      <dl className={styles.facts}>
        {r.pair !== null && (
          <>
            <dt>{t`Pair`}</dt>
            <dd>{r.pair}</dd>
          </>
        )}
        <dt>{t`Decided`}</dt>
        <dd>{formatDateTime(r.at, activeBcp47())}</dd>
        <FieldRows fields={fields} />
        <LeafCount n={leaves} />
        <dt>{t`Previous hash`}</dt>
        <dd className={styles.hash}>{prevOf(r)}</dd>
        <dt>{t`Hash`}</dt>
        <dd className={styles.hash}>{r.hash}</dd>
      </dl>
      <TickLinks pair={r.pair} fields={fields} />
      {leaves !== null && leaves > 0 && <Leaves record={r} count={leaves} open={leavesOpen} />}
    </li>
  );
}

/** A record of many's leaves, listed and checked on demand (open at once on the record's own page). */
function Leaves({ record, count, open }: { record: SettlementRecordView; count: number; open: boolean }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(open);
  if (!shown) {
    return (
      <p className={styles.actions}>
        <Button size="small" onClick={() => setShown(true)} data-testid="record-leaves-open">
          {t`List the settlements and check each`}
        </Button>
      </p>
    );
  }
  return (
    <LeavesList
      record={record}
      count={count}
      renderLeaf={(leaf, listed) => <LeafCard key={leaf.index} record={record} leaf={leaf} listed={listed} />}
    />
  );
}

function LeafCount({ n }: { n: number | null }) {
  const { t } = useLingui();
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
 * One settlement of a record of many (an order of a settled batch, a payout of a lock): its own
 * inputs and outcome, its hash, whether the record lists that hash at its place, and its outcome
 * recomputed, all checked here in the browser.
 */
export function LeafCard({
  record,
  leaf,
  listed: hashes,
}: {
  record: SettlementRecordView;
  leaf: RecordLeafView;
  /** The record's `data.leaves`, parsed once by a list of its leaves. */
  listed?: RecordValue | undefined;
}) {
  const { t } = useLingui();
  const { fields, digest, listed, recheck } = checkLeaf(record, leaf, hashes);
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
      <RecheckLine recheck={recheck} kind={record.kind} />
      <dl className={styles.facts}>
        <FieldRows fields={fields} />
        {digest !== null && (
          <>
            <dt>{t`Hash`}</dt>
            <dd className={styles.hash}>{digest}</dd>
          </>
        )}
      </dl>
      <TickLinks pair={record.pair} fields={fields} />
    </li>
  );
}

function FieldRows({ fields }: { fields: Field[] }) {
  return (
    <>
      {fields.map(([k, v]) => (
        <FieldRow key={k} name={k} value={v} />
      ))}
    </>
  );
}

/** A recorded field: a value as recorded (a time with its date), a list or object as nested rows. */
function FieldRow({ name, value }: { name: string; value: RecordValue }) {
  const nested = typeof value === 'object' && value !== null;
  return (
    <>
      <dt className={nested ? styles.wide : undefined}>
        <code>{name}</code>
      </dt>
      <dd className={nested ? styles.wide : undefined}>
        <FieldValue name={name} value={value} />
      </dd>
    </>
  );
}

function FieldValue({ name, value }: { name: string; value: RecordValue }) {
  const { t } = useLingui();
  if (Array.isArray(value)) {
    if (value.length === 0) return <span>{t`none`}</span>;
    return (
      <ol className={styles.nested} data-testid={`field-${name}`}>
        {value.map((item, i) => (
          <li key={i}>
            <FieldValue name={name} value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (typeof value === 'object' && value !== null) {
    return (
      <dl className={styles.facts}>
        <FieldRows fields={Object.entries(value)} />
      </dl>
    );
  }
  const shown = text(value);
  return (
    <span className={shown.length > 40 ? styles.hash : undefined}>
      {shown}
      {isTimeField(name, value) && <small className={styles.when}>{whenOf(name, value)}</small>}
    </span>
  );
}

/** A recorded time in words: a UTC day (lock mining's interest days) by its date, else date and time. */
function whenOf(name: string, ms: number): string {
  const locale = activeBcp47();
  if (/(^day$|_day$)/.test(name)) {
    return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(ms)} UTC`;
  }
  return formatDateTime(ms, locale);
}
