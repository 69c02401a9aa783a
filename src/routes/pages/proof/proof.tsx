import { SnapshotsPage } from '@/features/proof';
import { useGo } from '@/lib/nav';

export default function ProofSnapshotsRoute() {
  const go = useGo();
  return <SnapshotsPage onNavigate={go} />;
}
