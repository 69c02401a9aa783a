import { HomePage } from '@/features/home';
import { HomeQuotes } from '@/features/market/home';
import { pages, useGo } from '@/lib/nav';

export default function IndexPage() {
  const go = useGo();
  return (
    <>
      <HomePage />
      <HomeQuotes
        onOpen={(symbol) => go({ to: pages.quotation.index, search: { symbol } })}
        onMore={() => go(pages.market.market)}
      />
    </>
  );
}
