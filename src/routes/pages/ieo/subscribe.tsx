import { useSearch } from '@tanstack/react-router';
import { IeoSubscribePage } from '@/features/ieo';
import { pages } from '@/lib/nav';

/** `#/pages/ieo/subscribe?id=…`: one project, its terms and the subscription form. */
export default function IeoSubscribeRoute() {
  const { id } = useSearch({ from: pages.ieo.subscribe });
  return <IeoSubscribePage key={id ?? 0} id={id} />;
}
