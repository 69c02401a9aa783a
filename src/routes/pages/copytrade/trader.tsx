import { ApplyTraderPage } from '@/features/copytrade';

/** `#/pages/copytrade/trader`: apply to become a trader. */
export default function CopytradeTraderRoute() {
  return <ApplyTraderPage />;
}
