import { useSearch } from '@tanstack/react-router';
import { OtcOrderPage } from '@/features/otc';
import { pages } from '@/lib/nav';

/** `#/pages/otc/order?id=…`: one OTC order with its actions and chat (the notifications' link). */
export default function OtcOrderRoute() {
  const { id } = useSearch({ from: pages.otc.order });
  return <OtcOrderPage key={id ?? 0} id={id} />;
}
