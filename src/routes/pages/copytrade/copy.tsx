import { CopyHomePage } from '@/features/copytrade';

/** `#/pages/copytrade/copy`: my copy trading home. */
export default function CopytradeCopyRoute() {
  return <CopyHomePage />;
}
