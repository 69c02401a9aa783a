import { useSearch } from '@tanstack/react-router';
import { RecordPage } from '@/features/proof';
import { pages } from '@/lib/nav';

/** `#/pages/proof/record?ref=seconds:42`: the public settlement record, or one settlement's record. */
export default function ProofRecordRoute() {
  const { ref } = useSearch({ from: pages.proof.record });
  return <RecordPage settlement={ref} />;
}
