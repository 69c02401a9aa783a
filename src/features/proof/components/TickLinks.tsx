import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { RecordValue } from '@contract/domain/settlement-chain';
import { pages } from '@/lib/nav';
import type { Field } from '../model/chain';
import styles from './proof.module.css';

/** The fields of a record or leaf that name the feed time of a tick it was decided from. */
const TICK_FIELDS = ['open_price_at', 'end_price_at', 'tick_at', 'settle_price_at'] as const;
type TickField = (typeof TICK_FIELDS)[number];

const isTime = (v: RecordValue | undefined): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/**
 * Links from a record (or a seconds order's entry) to the stored feed ticks it names, on the
 * record page's ticks view: a seconds contract's entry and settlement trades, a futures close's
 * tick, a dual investment's price at maturity.
 */
export function TickLinks({ pair, fields }: { pair: string | null; fields: Field[] }) {
  const { t } = useLingui();
  if (pair === null) return null;
  const label = (f: TickField): string => {
    switch (f) {
      case 'open_price_at':
        return t`Entry tick`;
      case 'end_price_at':
        return t`Settlement tick`;
      case 'tick_at':
        return t`Closing tick`;
      case 'settle_price_at':
        return t`Price at maturity`;
    }
  };
  const named = new Map(fields);
  const links = TICK_FIELDS.flatMap((f) => {
    const at = named.get(f);
    return isTime(at) ? [{ f, at }] : [];
  });
  if (links.length === 0) return null;
  return (
    <p className={styles.actions}>
      {links.map(({ f, at }) => (
        <Link
          key={f}
          to={pages.proof.record}
          search={{ tab: 'ticks', pair, at }}
          className={styles.tickLink}
          data-testid={`tick-link-${f}`}
        >
          {label(f)}
        </Link>
      ))}
    </p>
  );
}
