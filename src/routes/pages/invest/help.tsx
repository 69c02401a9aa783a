import { HelpPage } from '@/features/invest';

/** `#/pages/invest/help`: instructions with the settlement formula and a worked example. */
export default function HelpRoute() {
  return <HelpPage />;
}
