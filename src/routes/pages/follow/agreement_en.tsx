import { AgreementPage, agreementEn } from '@/features/copytrade';

/** `#/pages/follow/agreement_en`: the copy trading agreement in English. */
export default function AgreementEnRoute() {
  return <AgreementPage text={agreementEn} />;
}
