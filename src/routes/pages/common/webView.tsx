import { useSearch } from '@tanstack/react-router';
import { WebViewPage } from '@/features/content';
import { pages } from '@/lib/nav';

/** `#/pages/common/webView?page=` (an info page) or `?id=` (an article), without the navigation bar. */
export default function WebViewRoute() {
  const { page, id } = useSearch({ from: pages.common.webView });
  return <WebViewPage page={page} id={id} />;
}
