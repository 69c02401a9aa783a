import { FaqPage } from '@/features/content';

export default function FaqRoute() {
  return <FaqPage />;
}
