import { TraderListPage } from '@/features/copytrade';

/** `#/pages/follow/index`: the trader list. */
export default function FollowIndexRoute() {
  return <TraderListPage />;
}
