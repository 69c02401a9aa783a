import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChainFault } from '@contract/domain/settlement-chain';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { apiErrorsShown } from '@/lib/submit';
import { verifyWholeChain, type ChainResult } from '../model/chain';
import styles from './proof.module.css';

function useFaultLabel() {
  const { t } = useLingui();
  return (fault: ChainFault): string => {
    switch (fault) {
      case 'body':
      case 'not_canonical':
        return t`its content is not a well-formed record`;
      case 'seq':
        return t`a record is missing or out of order`;
      case 'prev':
        return t`it does not link to the record before`;
      case 'hash':
        return t`its content does not match its hash`;
      case 'head':
        return t`the chain does not end at the published head`;
    }
  };
}

/** Verifies the whole chain here, in the browser, and says where it breaks if it does. */
export function ChainCheckView() {
  const { t } = useLingui();
  const faultLabel = useFaultLabel();
  const [checked, setChecked] = useState<number | undefined>();
  const [result, setResult] = useState<ChainResult | undefined>();
  const run = () => {
    setResult(undefined);
    setChecked(0);
    verifyWholeChain(setChecked)
      .then(setResult)
      .catch((err: unknown) => {
        setChecked(undefined);
        apiErrorsShown('settlement chain')(err);
      });
  };
  const running = checked !== undefined && result === undefined;
  return (
    <section className={`${styles.card} ${styles.section}`} data-testid="chain-check">
      <Button size="small" color="primary" loading={running} onClick={run} data-testid="chain-verify">
        <Trans>Verify the whole chain</Trans>
      </Button>
      {running && <p>{t`Checked ${checked} records…`}</p>}
      {result?.ok === true && (
        <p className={`${styles.verdict} ${styles.pass}`} data-testid="chain-verdict">
          {result.published
            ? t`All ${result.checked} records link up; the head published at ${formatDateTime(result.published.minute, activeBcp47())} (record ${result.published.seq}) matches.`
            : t`All ${result.checked} records link up.`}
        </p>
      )}
      {result?.ok === false && (
        <p className={`${styles.verdict} ${styles.fail}`} data-testid="chain-verdict">
          {t`The chain breaks at record ${result.seq}: ${faultLabel(result.fault)}.`}
        </p>
      )}
    </section>
  );
}
