import { AgreementPage, agreementZh } from '@/features/copytrade';

/** `#/pages/follow/agreement_zh`: the copy trading agreement in Chinese. */
export default function AgreementZhRoute() {
  return <AgreementPage text={agreementZh} />;
}
