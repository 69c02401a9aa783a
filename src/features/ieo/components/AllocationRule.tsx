import { Trans } from '@lingui/react/macro';

/** The allocation rule in words, as the server applies it (contract/ieo.ts, server/src/products/ieo/README.md). */
export function AllocationRule({ coin }: { coin: string }) {
  return (
    <Trans>
      If more is applied for than the total issuance, each subscription gets its share pro rata (applied × total ÷ all
      applied), rounded down to 0.00000001 {coin}; the few units left go one each to the largest remainders. The payment
      for what is not allocated is refunded at the end.
    </Trans>
  );
}
