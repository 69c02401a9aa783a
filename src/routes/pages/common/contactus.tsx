import { InfoPageView } from '@/features/content';

export default function ContactUsRoute() {
  return <InfoPageView page="contactus" />;
}
