import { useRouter } from '@tanstack/react-router';
import { HomePage } from '@/features/home';
import { HomeQuotes } from '@/features/market/home';

export default function IndexPage() {
  const router = useRouter();
  return (
    <>
      <HomePage />
      <HomeQuotes
        onOpen={(symbol) => void router.navigate({ to: '/pages/quotation/index', search: { symbol } })}
        onMore={() => void router.navigate({ to: '/pages/market/market' })}
      />
    </>
  );
}
