import { InfoPageView } from '@/features/content';

export default function OperationalComplianceRoute() {
  return <InfoPageView page="operational_compliance" />;
}
