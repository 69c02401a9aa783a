import { useSearch } from '@tanstack/react-router';
import { TraderDetailPage } from '@/features/copytrade';
import { pages } from '@/lib/nav';

/** `#/pages/follow/trader?id=`: one trader. */
export default function FollowTraderRoute() {
  const { id } = useSearch({ from: pages.follow.trader });
  return <TraderDetailPage key={id ?? 0} id={id} />;
}
