import { HomePage } from '@/features/home';

export default function IndexPage() {
  return <HomePage />;
}
