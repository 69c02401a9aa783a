import { InfoPageView } from '@/features/content';

export default function AboutUsRoute() {
  return <InfoPageView page="aboutus" />;
}
