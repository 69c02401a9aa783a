import { useSearch } from '@tanstack/react-router';
import { FollowPage } from '@/features/copytrade';
import { pages } from '@/lib/nav';

/** `#/pages/follow/follow?id=`: follow the trader, or edit or cancel the follow. */
export default function FollowFollowRoute() {
  const { id } = useSearch({ from: pages.follow.follow });
  return <FollowPage key={id ?? 0} id={id} />;
}
