import { useSearch } from '@tanstack/react-router';
import { RecordPage } from '@/features/proof';
import { pages, useGo } from '@/lib/nav';

/**
 * `#/pages/proof/record?ref=seconds:42`: the public settlement record, or one settlement's record;
 * `?tab=ticks&pair=BTC/USDT&at=<ms>`: the feed ticks settlements used (of a pair at a feed time).
 */
export default function ProofRecordRoute() {
  const { ref, tab, pair, at } = useSearch({ from: pages.proof.record });
  const go = useGo();
  return (
    <RecordPage
      settlement={ref}
      tab={tab ?? 'records'}
      ticksAt={pair !== undefined || at !== undefined ? { pair, at } : undefined}
      onTab={(next) =>
        go({ to: pages.proof.record, search: next === 'records' ? {} : { tab: next } }, { replace: true })
      }
    />
  );
}
